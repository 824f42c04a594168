import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import { acquirePacingSlot } from './pacing';
import type { ConsumeOptions, HandlerOutcome, MessageHandler, QueueMessage } from './types';

/** A delivered message with the engine's own metadata, whichever backend carried it. */
export type Delivered = {
  message: QueueMessage;
  /** Epoch ms after which the message counts as expired (none once it has been processed). */
  expiresAt: number | null;
  pacingKey: string | null;
  pacingMs: number;
};

export type EngineDeps = { db: Database; clock: Clock; logger: Logger; pacingMaxWaitMs: number };

/** What the backend must do with a delivered message once the engine has decided. */
export type Decision = HandlerOutcome | { type: 'expired' };

export const DEFAULT_RETRY_DELAY_MS = 1_000;

/**
 * The semantics both backends share: an expired message goes to the expiry
 * handler, a paced one waits for (or comes back at) its slot, then the
 * handler runs; a handler that throws means retry.
 */
export async function processMessage(
  deps: EngineDeps,
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
    const slot = await acquirePacingSlot(deps, delivered.pacingKey, delivered.pacingMs, deps.pacingMaxWaitMs);
    if (!slot.isAcquired) return { type: 'defer', delayMs: slot.waitMs };
  }
  try {
    return await handler(message);
  } catch (error) {
    deps.logger.warn({ err: error, messageId: message.id }, 'queue handler failed; retrying');
    return { type: 'retry', delayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS };
  }
}
