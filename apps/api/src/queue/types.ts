import { EVENT_QUEUE_DEFAULTS } from '@wm/contracts';

/** What a producer hands to the queue. */
export type PublishInput = {
  /** Stable id of the message (e.g. the event log id); kept across retries. */
  id: string;
  body: unknown;
  /** 1 (lowest) … 10 (highest); a backlog drains highest priority first. */
  priority?: number;
  /** Time to live before first processing; past it the message goes to the expiry handler. */
  ttlMs?: number;
  /** Not delivered before this many ms from now. */
  delayMs?: number;
  /** Consecutive messages with the same key start at least pacingMs apart, across every process. */
  pacingKey?: string;
  pacingMs?: number;
  /** Retries already made (set by the engine when it republishes). */
  attempts?: number;
  /** W3C trace context of the producer's span, carried to the consumer (absent when tracing is off). */
  traceparent?: string;
};

/** A message as a consumer sees it. */
export type QueueMessage = {
  id: string;
  body: unknown;
  priority: number;
  /** Retries made before this delivery (0 on the first one). */
  attempts: number;
  /** How long it waited for a consumer once due (published, or its retry delay over). */
  waitedMs: number;
  traceparent?: string;
};

/**
 * What the handler decided: done (`ack`), try again later counting one more
 * retry (`retry`), or put back without counting (`defer`, e.g. pacing).
 * A handler that throws is treated as `retry` after `retryDelayMs`.
 */
export type HandlerOutcome =
  | { type: 'ack' }
  | { type: 'retry'; delayMs: number }
  | { type: 'defer'; delayMs: number };

export type MessageHandler = (message: QueueMessage) => Promise<HandlerOutcome>;

/** Called once for a message whose TTL passed before it was processed. */
export type ExpiryHandler = (message: QueueMessage) => Promise<void>;

export type ConsumeOptions = {
  /** Messages processed at once by this consumer (RabbitMQ prefetch). */
  concurrency?: number;
  onExpired?: ExpiryHandler;
  /** Delay before the retry of a message whose handler threw. */
  retryDelayMs?: number;
};

export type StopOptions = {
  /** How long to wait for in-flight messages; past it they are abandoned and come back to the queue. */
  graceMs?: number;
};

export type Consumer = {
  /** Stops taking messages and waits (up to graceMs) for the in-flight ones to finish. */
  stop(options?: StopOptions): Promise<void>;
};

/** The one queue interface; RabbitMQ and the database give the same semantics. */
export type Queue = {
  readonly kind: 'rabbitmq' | 'database';
  publish(input: PublishInput): Promise<void>;
  consume(handler: MessageHandler, options?: ConsumeOptions): Promise<Consumer>;
  /** Resolves when the backend answers (for /readyz). */
  ping(): Promise<void>;
  /** Messages due and waiting for a consumer (for /metrics). */
  countReady(): Promise<number>;
  close(options?: StopOptions): Promise<void>;
};

export const EXPIRED_MESSAGE_ERROR = 'Mensagem expirada antes do processamento (TTL)';

/** A message published without a priority gets the queued events' default one. */
export const DEFAULT_PRIORITY = EVENT_QUEUE_DEFAULTS.priority;

export const clampPriority = (priority: number | undefined) =>
  Math.min(10, Math.max(1, Math.round(priority ?? DEFAULT_PRIORITY)));

export const DEFAULT_STOP_GRACE_MS = 25_000;

export { settleWithin } from '../lib/settle-within';
