import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import type { PacingSlots } from './pacing-slots';
import type { ConsumeOptions, HandlerOutcome, MessageHandler, QueueMessage } from './types';

/** A delivered message with the engine's own metadata, whichever backend carried it. */
export type Delivered = {
  message: QueueMessage;
  /** Epoch ms after which the message counts as expired (none once it has been processed). */
  expiresAt: number | null;
  pacingKey: string | null;
  pacingMs: number;
};

/** What a queue is built on, either backend: the database holds the pacing rows (and the database queue). */
export type EngineDeps = {
  database: Pick<DatabaseHandle, 'query'>;
  clock: Clock;
  logger: Logger;
  pacingMaxWaitMs: number;
};
/** EngineDeps with the pacing slots one queue's consumers share. */
export type Engine = EngineDeps & { pacing: PacingSlots };

/** What the backend must do with a delivered message once the engine has decided. */
export type Decision = HandlerOutcome | { type: 'expired' };

export const DEFAULT_RETRY_DELAY_MS = 1_000;

/**
 * The semantics both backends share: an expired message goes to the expiry
 * handler, a paced one waits for (or comes back at) its slot, then the
 * handler runs; a handler that throws means retry.
 */
export async function processMessage(
  deps: Engine,
  delivered: Delivered,
  handler: MessageHandler,
  options: ConsumeOptions,
): Promise<Decision> {
  const { message } = delivered;
  if (delivered.expiresAt !== null && deps.clock().getTime() > delivered.expiresAt) {
    await options.onExpired?.(message);
    return { type: 'expired' };
  }
  if (delivered.pacingKey && delivered.pacingMs > 0) {
    const slot = await deps.pacing.acquire(delivered.pacingKey, delivered.pacingMs, deps.pacingMaxWaitMs);
    if (!slot.isAcquired) return { type: 'defer', delayMs: slot.waitMs };
  }
  try {
    return await handler(message);
  } catch (error) {
    deps.logger.warn({ err: error, messageId: message.id }, 'queue handler failed; retrying');
    return { type: 'retry', delayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS };
  }
}
