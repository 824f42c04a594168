import { renderTemplate } from '@wm/rules';

type RenderInput = { occurrenceId: string; eventName: string; timestamp: string; data: unknown };

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

/** The event payload: the event's bodyTemplate rendered against the data, or the data itself. */
export function renderEventPayload(bodyTemplate: unknown, input: RenderInput): unknown {
  if (isEmpty(bodyTemplate)) return input.data;
  return renderTemplate(bodyTemplate as Record<string, unknown>, templateContext(input, input.data));
}

/** What a subscription sends: its jsonBody rendered against the event payload, or the payload itself. */
export function renderSubscriptionBody(jsonBody: unknown, input: RenderInput, payload: unknown): unknown {
  if (isEmpty(jsonBody)) return payload;
  return renderTemplate(jsonBody as Record<string, unknown>, templateContext(input, payload));
}

const templateContext = (input: RenderInput, payload: unknown) => ({
  eventId: input.occurrenceId,
  eventName: input.eventName,
  timestamp: input.timestamp,
  data: input.data,
  payload,
});
