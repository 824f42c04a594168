import { isPlainObject } from '../paths/own-property';
import { renderTemplate } from './render-template';

export type DeliveryBodyInput = {
  eventId: string;
  eventName: string;
  timestamp: string;
  /** The data sent with the emit. */
  data: unknown;
  /** The event's bodyTemplate; empty means the data itself is the event payload. */
  bodyTemplate?: unknown;
  /** The subscription's jsonBody; empty means the event payload itself is sent. */
  jsonBody?: unknown;
};

/** Absent, a blank string or `{}`: a template the user did not fill in. */
export function isEmptyTemplate(template: unknown): boolean {
  if (template === null || template === undefined) return true;
  if (typeof template === 'string') return template.trim() === '';
  return isPlainObject(template) && Object.keys(template).length === 0;
}

/**
 * The event payload: the event's bodyTemplate rendered against the emitted data
 * (`{{payload.x}}` and `{{data.x}}` both read the data), or a copy of the data when there is no template.
 */
export function renderEventPayload(input: Omit<DeliveryBodyInput, 'jsonBody'>): unknown {
  const { eventId, eventName, timestamp, data, bodyTemplate } = input;
  const context = { eventId, eventName, timestamp, data, payload: data };
  return isEmptyTemplate(bodyTemplate)
    ? renderTemplate('#data#', context)
    : renderTemplate(bodyTemplate, context);
}

/**
 * What a subscription receives: its jsonBody rendered with `payload` = the event payload and
 * `data` = the emitted data, or the event payload itself when jsonBody is empty.
 */
export function renderDeliveryBody(input: DeliveryBodyInput): { payload: unknown; body: unknown } {
  const payload = renderEventPayload(input);
  const { eventId, eventName, timestamp, data, jsonBody } = input;
  const body = isEmptyTemplate(jsonBody)
    ? renderTemplate('{{payload}}', { eventId, eventName, timestamp, data, payload })
    : renderTemplate(jsonBody, { eventId, eventName, timestamp, data, payload });
  return { payload, body };
}
