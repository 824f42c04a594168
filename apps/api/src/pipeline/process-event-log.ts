import { EVENT_QUEUE_DEFAULTS } from '@wm/contracts';
import type { AppContext } from '../context';
import { describeFailure } from '../lib/db-errors';
import { NO_WAIT_LIMIT_MS } from '../queue/pacing';
import type { PacingSlots } from '../queue/pacing-slots';
import { EXPIRED_MESSAGE_ERROR, type HandlerOutcome } from '../queue/types';
import type { MessageContext } from './dispatch-message';
import { type EventLogBatches, failOpenEventLog, type StartedEventLog } from './event-log-statements';
import type { MessagePayload } from './message-catalogue';
import { retryEventLog } from './retry-event-log';

export type DeliveryTry =
  | { status: 'SUCCESS' | 'RETRYING' | 'FAILED'; error: string | null }
  /** Not attempted: its endpoint must wait (circuit open, saturated, over its rate); nothing spent. */
  | { status: 'DEFERRED'; error: null; delayMs: number };

/**
 * What the consumer needs from the delivery engine for one occurrence. Every
 * call is idempotent so a redelivered message does no harm.
 */
export type QueuedDeliveries<Claimed = unknown> = {
  /**
   * Creates the occurrence's delivery logs once (failing filters give IGNORED
   * ones) and answers the due ones, already leased to this consumer, taking the
   * first send's pacing `slot` in the same step when there is one to send; null
   * when they existed before or a concurrent delivery of the message created them
   * first (a retry or a redelivery: claim them with claimOpen).
   */
  prepare(
    started: StartedEventLog,
    slot: { key: string; pacingMs: number } | null,
  ): Promise<{ claimed: Claimed[]; isSlotTaken: boolean } | null>;
  /** Leases the deliveries not final yet; `busy` counts those another worker holds. */
  claimOpen(occurrenceId: string): Promise<{ claimed: Claimed[]; busy: number }>;
  /** Gives claimed deliveries back (the message comes back later). */
  release(claimed: Claimed[]): Promise<void>;
  /**
   * Before anything is written: the message's places on its endpoints, or how long to put it off
   * when every target must wait (circuit open, saturated). A place is held through the waits before
   * its send (see EndpointPass), so the message of a blocked endpoint holds no consumer slot.
   */
  enter(
    targets: StartedEventLog['targets'],
  ): { type: 'go'; pass: EndpointPass<Claimed> } | { type: 'wait'; delayMs: number };
  /** Called once every delivery is final, for events with callbacks on. */
  finish(occurrenceId: string): Promise<void>;
};

/**
 * The places a message holds on its endpoints, counted against each one's share from the gate until
 * its send ends: the only way to send, so whatever a message waits for before a send (the event's
 * pacing slot, a rate slot) it waits for on its endpoint's share, never on everyone's slots.
 */
export type EndpointPass<Claimed> = {
  /**
   * Sends one claimed delivery once, if its endpoint may send now (else DEFERRED, untouched); on
   * the last try a failure is final (FAILED), else RETRYING. `traceParent`: the message's span,
   * parent of the attempt's.
   */
  send(delivery: Claimed, isLastTry: boolean, traceParent: string | null): Promise<DeliveryTry>;
  /** Gives back the places no send holds, once the message's sends are over (or it is put back). */
  leave(): void;
};

/** The consumer's collaborators: deliveries, the batched event-log statements and the shared pacing. */
export type EventLogConsumer<Claimed> = {
  deliveries: QueuedDeliveries<Claimed>;
  batches: EventLogBatches;
  pacing: PacingSlots;
};

/** When another worker still holds deliveries of this occurrence, look again after this. */
const BUSY_RETRY_MS = 5_000;

/** Sends of one event share this pacing row, across every worker. */
const pacingKeyOf = (eventDefinitionId: string) => `event:${eventDefinitionId}`;

/**
 * One queued event log, PENDING while the consumer holds its message: its deliveries sent one after the
 * other (delayBetweenSends apart, shared by every worker through the pacing
 * row), then SUCCESS, or FAILED with the error once no automatic retry is
 * left (autoRetryCount against maxRetries; retryCount counts only reprocess requests).
 * While the event is PAUSED the message is put back, uncounted, and the log stays PENDING.
 */
export async function processEventLog<Claimed>(
  ctx: AppContext,
  consumer: EventLogConsumer<Claimed>,
  payload: MessagePayload<'event-log'>,
  { defaults, traceParent }: Pick<MessageContext, 'defaults' | 'traceParent'>,
): Promise<HandlerOutcome> {
  const { deliveries, batches } = consumer;
  // Gone, or already settled by an earlier delivery of this message.
  const log = await batches.start(payload.eventLogId);
  if (!log) return { type: 'ack' };
  const { event } = log;

  // The log stays PENDING: held, uncounted, until the event is ACTIVE again.
  if (event?.status === 'PAUSED') return { type: 'defer', delayMs: ctx.config.QUEUE_PAUSED_RECHECK_MS };
  const maxRetries = event?.maxRetries ?? defaults.maxRetries;
  const isLastTry = log.autoRetryCount >= maxRetries;
  const pacingMs = event?.delayBetweenSends ?? EVENT_QUEUE_DEFAULTS.delayBetweenSends;
  const scheduleRetry = (error: string) => retryEventLog(ctx, batches.settle, log, error || null);

  // Its endpoints must wait: put back before anything is written, so it holds no consumer slot. Else
  // it holds places on its endpoints until its sends are over.
  const entry = deliveries.enter(log.targets);
  if (entry.type === 'wait') return { type: 'defer', delayMs: entry.delayMs };
  const { pass } = entry;

  try {
    const pacingKey = event ? pacingKeyOf(event.id) : null;
    const fresh = await deliveries.prepare(log, pacingKey ? { key: pacingKey, pacingMs } : null);
    const { claimed, busy } = fresh ? { ...fresh, busy: 0 } : await deliveries.claimOpen(log.occurrenceId);
    const isFirstSlotTaken = fresh?.isSlotTaken ?? false;
    const errors: string[] = [];
    let hasOpen = false;
    const deferred: Claimed[] = [];
    let deferMs = Number.POSITIVE_INFINITY;
    for (const [index, delivery] of claimed.entries()) {
      // Each send takes the event's slot right before its request (the first one's came with the new
      // delivery logs): sends of one event start delayBetweenSends apart across every worker.
      // A long wait for the first puts the message back.
      if (pacingKey && !(index === 0 && isFirstSlotTaken)) {
        const maxWaitMs = index === 0 ? ctx.config.QUEUE_PACING_MAX_WAIT_MS : NO_WAIT_LIMIT_MS;
        const slot = await consumer.pacing.acquire(pacingKey, pacingMs, maxWaitMs);
        if (!slot.isAcquired) {
          await deliveries.release(claimed);
          return { type: 'defer', delayMs: slot.waitMs };
        }
      }
      const attempt = await pass.send(delivery, isLastTry, traceParent);
      if (attempt.status === 'DEFERRED') {
        deferred.push(delivery);
        deferMs = Math.min(deferMs, attempt.delayMs);
        continue;
      }
      if (attempt.status === 'RETRYING') hasOpen = true;
      if (attempt.status !== 'SUCCESS' && attempt.error) errors.push(attempt.error);
    }
    pass.leave();
    await deliveries.release(deferred);
    if (busy > 0) return { type: 'defer', delayMs: BUSY_RETRY_MS };
    // A real failure spends a retry (the deferred ride along); deferred alone spend nothing.
    if (hasOpen) return await scheduleRetry(errors.join('; '));
    if (deferred.length > 0) return { type: 'defer', delayMs: deferMs };
    const error = errors.length > 0 ? errors.join('; ') : null;
    await batches.settle({ id: log.id, status: error ? 'FAILED' : 'SUCCESS', error });
    // After the settle: a report waits for its event log to be final. If this process dies in
    // between, the delivery workers' sweep sends it.
    if (event?.enableCallbacks) {
      await deliveries
        .finish(log.occurrenceId)
        .catch((failure) => ctx.logger.error({ err: failure, eventLogId: log.id }, 'event callback failed'));
    }
    return { type: 'ack' };
  } catch (error) {
    const reason = describeFailure(error);
    ctx.logger.error({ err: error, eventLogId: log.id }, 'queued event processing failed');
    if (!isLastTry) return scheduleRetry(reason);
    await batches.settle({ id: log.id, status: 'FAILED', error: `Erro no processamento: ${reason}` });
    return { type: 'ack' };
  } finally {
    pass.leave();
  }
}

/** A message whose TTL passed before processing: its event log ends FAILED. */
export async function expireEventLog(ctx: AppContext, payload: MessagePayload<'event-log'>): Promise<void> {
  await failOpenEventLog(ctx, payload.eventLogId, EXPIRED_MESSAGE_ERROR);
}
