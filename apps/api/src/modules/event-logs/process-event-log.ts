import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { eventLogs, events } from '../../db/schema';
import { acquirePacingSlot, NO_WAIT_LIMIT_MS } from '../../queue/pacing';
import { EXPIRED_MESSAGE_ERROR, type HandlerOutcome, type QueueMessage } from '../../queue/types';
import {
  DEFAULT_DELAY_BETWEEN_SENDS_MS,
  DEFAULT_MAX_RETRIES,
  type EventLogMessage,
  pacingKeyOf,
} from './publish';

type EventRow = typeof events.$inferSelect;

export type DeliveryTry = { status: 'SUCCESS' | 'RETRYING' | 'FAILED'; error: string | null };

/**
 * What the consumer needs from the delivery engine for one occurrence. Every
 * call is idempotent so a redelivered message does no harm.
 */
export type QueuedDeliveries<Claimed = unknown> = {
  /**
   * Creates the occurrence's delivery logs once (failing filters give IGNORED
   * ones) and answers the due ones, already leased to this consumer; null when
   * they existed before (a retry or a redelivery: claim them with claimOpen).
   */
  prepare(occurrenceId: string, event: EventRow | null): Promise<Claimed[] | null>;
  /** Leases the deliveries not final yet; `busy` counts those another worker holds. */
  claimOpen(occurrenceId: string): Promise<{ claimed: Claimed[]; busy: number }>;
  /** Gives claimed deliveries back (the message comes back later). */
  release(claimed: Claimed[]): Promise<void>;
  /** Sends one claimed delivery once; on the last try a failure is final (FAILED), else RETRYING. */
  send(delivery: Claimed, isLastTry: boolean): Promise<DeliveryTry>;
  /** Called once every delivery is final, for events with callbacks on. */
  finish(occurrenceId: string): Promise<void>;
};

/** When another worker still holds deliveries of this occurrence, look again after this. */
const BUSY_RETRY_MS = 5_000;

/**
 * One queued event log: PROCESSING, then its deliveries sent one after the
 * other (delayBetweenSends apart, shared by every worker through the pacing
 * row), then SUCCESS, or FAILED with the error once no automatic retry is
 * left (retryCount counts retries, automatic or requested, against maxRetries).
 */
export async function processEventLog<Claimed>(
  ctx: AppContext,
  deliveries: QueuedDeliveries<Claimed>,
  message: QueueMessage,
): Promise<HandlerOutcome> {
  const body = message.body as Partial<EventLogMessage> | null;
  if (body?.kind !== 'event-log' || !body.eventLogId) {
    ctx.logger.error({ messageId: message.id }, 'unknown queue message dropped');
    return { type: 'ack' };
  }
  const [row] = await ctx.db
    .select({ log: eventLogs, event: events })
    .from(eventLogs)
    .leftJoin(events, eq(events.id, eventLogs.eventDefinitionId))
    .where(eq(eventLogs.id, body.eventLogId))
    .limit(1);
  const log = row?.log;
  const event = row?.event ?? undefined;
  // Gone, or already settled by an earlier delivery of this message.
  if (!log || log.status === 'SUCCESS' || log.status === 'FAILED') return { type: 'ack' };

  const maxRetries = event?.maxRetries ?? DEFAULT_MAX_RETRIES;
  const isLastTry = log.retryCount >= maxRetries;
  const pacingMs = event?.delayBetweenSends ?? DEFAULT_DELAY_BETWEEN_SENDS_MS;
  await markLog(ctx, log.id, 'PROCESSING');

  try {
    const fresh = await deliveries.prepare(log.eventId, event ?? null);
    const { claimed, busy } = fresh ? { claimed: fresh, busy: 0 } : await deliveries.claimOpen(log.eventId);
    const errors: string[] = [];
    let hasOpen = false;
    for (const [index, delivery] of claimed.entries()) {
      // Each send takes the event's slot right before its request: sends of one event start
      // delayBetweenSends apart across every worker. A long wait for the first puts the message back.
      if (event) {
        const maxWaitMs = index === 0 ? ctx.config.QUEUE_PACING_MAX_WAIT_MS : NO_WAIT_LIMIT_MS;
        const slot = await acquirePacingSlot(ctx.db, pacingKeyOf(event.id), pacingMs, maxWaitMs);
        if (!slot.isAcquired) {
          await deliveries.release(claimed);
          await markLog(ctx, log.id, 'PENDING');
          return { type: 'defer', delayMs: slot.waitMs };
        }
      }
      const attempt = await deliveries.send(delivery, isLastTry);
      if (attempt.status === 'RETRYING') hasOpen = true;
      if (attempt.status !== 'SUCCESS' && attempt.error) errors.push(attempt.error);
    }
    if (busy > 0) return { type: 'defer', delayMs: BUSY_RETRY_MS };
    if (hasOpen) return await scheduleRetry(ctx, log.id, log.retryCount, errors.join('; '));
    if (event?.enableCallbacks) await deliveries.finish(log.eventId);
    await settle(ctx, log.id, errors.length > 0 ? errors.join('; ') : null);
    return { type: 'ack' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    ctx.logger.error({ err: error, eventLogId: log.id }, 'queued event processing failed');
    if (!isLastTry) return scheduleRetry(ctx, log.id, log.retryCount, reason);
    await settle(ctx, log.id, `Erro no processamento: ${reason}`);
    return { type: 'ack' };
  }
}

async function markLog(ctx: AppContext, id: string, status: 'PENDING' | 'PROCESSING') {
  await ctx.db.update(eventLogs).set({ status, updatedAt: ctx.clock() }).where(eq(eventLogs.id, id));
}

async function scheduleRetry(
  ctx: AppContext,
  id: string,
  retryCount: number,
  error: string,
): Promise<HandlerOutcome> {
  await ctx.db
    .update(eventLogs)
    .set({
      status: 'PENDING',
      retryCount: retryCount + 1,
      errorMessage: error || null,
      updatedAt: ctx.clock(),
    })
    .where(eq(eventLogs.id, id));
  const delays = ctx.config.DELIVERY_RETRY_DELAYS_MS;
  const delayMs = delays[Math.min(retryCount, delays.length - 1)] ?? 1_000;
  return { type: 'retry', delayMs };
}

async function settle(ctx: AppContext, id: string, error: string | null) {
  const now = ctx.clock();
  await ctx.db
    .update(eventLogs)
    .set({ status: error ? 'FAILED' : 'SUCCESS', errorMessage: error, processedAt: now, updatedAt: now })
    .where(eq(eventLogs.id, id));
}

/** A message whose TTL passed before processing: its event log ends FAILED. */
export async function expireEventLog(ctx: AppContext, message: QueueMessage): Promise<void> {
  const body = message.body as Partial<EventLogMessage> | null;
  if (body?.kind !== 'event-log' || !body.eventLogId) return;
  const now = ctx.clock();
  await ctx.db
    .update(eventLogs)
    .set({ status: 'FAILED', errorMessage: EXPIRED_MESSAGE_ERROR, processedAt: now, updatedAt: now })
    .where(and(eq(eventLogs.id, body.eventLogId), inArray(eventLogs.status, ['PENDING', 'PROCESSING'])));
}
