import { EVENT_QUEUE_DEFAULTS } from '@wm/contracts';
import { z } from 'zod';

/** What a message kind falls back to when its producer (e.g. the event) sets nothing. */
export type MessageDefaults = {
  /** Automatic retries before the handler's work ends FAILED. */
  maxRetries: number;
  /** 1 (lowest) … 10 (highest). */
  priority: number;
  /** Time to live before first processing. */
  ttlMs: number;
};

/** The queued event settings' defaults, the same ones the console offers for a new event. */
export const EVENT_MESSAGE_DEFAULTS: MessageDefaults = {
  maxRetries: EVENT_QUEUE_DEFAULTS.maxRetries,
  priority: EVENT_QUEUE_DEFAULTS.priority,
  ttlMs: EVENT_QUEUE_DEFAULTS.messageTtl,
};

/**
 * Every kind of message the pipeline's queue carries: the body's shape (zod)
 * and its defaults, stated once. On the wire a body is `{ kind, ...payload }`;
 * the consumer dispatches on `kind` to the handler registered for it in
 * `startPipelineWorker`. Bodies carry ids only: handlers reload the rest.
 */
export const messageCatalogue = {
  /** Deliver a queued occurrence to its subscriptions and settle its event log. */
  'event-log': {
    schema: z.object({ eventLogId: z.uuid() }),
    defaults: EVENT_MESSAGE_DEFAULTS,
  },
  /** Run the application's rules on a POST /emit-rules event log and settle it. */
  'run-rules': {
    schema: z.object({ eventLogId: z.uuid() }),
    defaults: EVENT_MESSAGE_DEFAULTS,
  },
} as const satisfies Record<string, { schema: z.ZodType; defaults: MessageDefaults }>;

export type MessageKind = keyof typeof messageCatalogue;
export type MessagePayload<K extends MessageKind> = z.infer<(typeof messageCatalogue)[K]['schema']>;
/** A body read back from the queue, tagged with its kind. */
export type CatalogueMessage = { [K in MessageKind]: { kind: K; payload: MessagePayload<K> } }[MessageKind];

/** Bodies published before kinds were named had none: they are event-log messages. */
const KIND_OF_UNTAGGED_BODY: MessageKind = 'event-log';

export function toMessageBody<K extends MessageKind>(kind: K, payload: MessagePayload<K>) {
  return { kind, ...payload };
}

/** The body as its catalogue entry declares it, or null for an unknown kind or a payload that does not parse. */
export function readMessageBody(body: unknown): CatalogueMessage | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { kind = KIND_OF_UNTAGGED_BODY, ...payload } = body as Record<string, unknown>;
  if (typeof kind !== 'string' || !Object.hasOwn(messageCatalogue, kind)) return null;
  const parsed = messageCatalogue[kind as MessageKind].schema.safeParse(payload);
  return parsed.success ? ({ kind, payload: parsed.data } as CatalogueMessage) : null;
}
