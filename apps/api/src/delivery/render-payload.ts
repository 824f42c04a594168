import { isEmptyTemplate, renderEventPayload as renderPayload, renderTemplate } from '@wm/rules';

type RenderInput = { occurrenceId: string; eventName: string; timestamp: string; data: unknown };

/** The event payload: the event's bodyTemplate rendered against the data, or the data itself. */
export function renderEventPayload(bodyTemplate: unknown, input: RenderInput): unknown {
  return renderPayload({ ...templateContext(input), bodyTemplate });
}

/**
 * The payload an occurrence stores: null when the event has no bodyTemplate, whose payload is then a
 * copy of the data (the same JSON text), stored once as `data` and read back as
 * `COALESCE(o.payload, o.data)`.
 */
export const toStoredEventPayload = (bodyTemplate: unknown, payload: unknown): unknown =>
  isEmptyTemplate(bodyTemplate) ? null : payload;

/**
 * What a subscription sends: its jsonBody rendered against the event payload, or the payload
 * itself. Takes the payload already rendered so a fan-out renders it once, not per subscription.
 */
export function renderSubscriptionBody(jsonBody: unknown, input: RenderInput, payload: unknown): unknown {
  if (isEmptyTemplate(jsonBody)) return payload;
  return renderTemplate(jsonBody, { ...templateContext(input), payload });
}

const templateContext = (input: RenderInput) => ({
  eventId: input.occurrenceId,
  eventName: input.eventName,
  timestamp: input.timestamp,
  data: input.data,
});
