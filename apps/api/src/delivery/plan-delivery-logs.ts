import { evaluateFilters, type Filter } from '@wm/rules';
import type { events, subscriptions } from '../db/schema';
import { derivedId } from '../lib/ids';
import { renderSubscriptionBody } from './render-payload';

/**
 * The reason of an occurrence that passed the filters of a subscription the system had disabled
 * (FAILED): this IGNORED log is the record of what it skipped, and the subscription's recover
 * re-queues it by this exact text (modules/subscriptions/recover-subscription.ts).
 */
export const SKIPPED_WHILE_DISABLED_REASON =
  'Assinatura desativada: evento não enviado; reative-a e recupere as falhas para enviá-lo';

/**
 * One delivery log per subscription of an occurrence: PENDING and due now when
 * its filters pass, IGNORED with the reason otherwise. A disabled subscription's
 * filters still run, so that only what it would have received is marked skipped.
 * Shared by the immediate path and the queue consumer.
 */
export function planDeliveryLogs(input: {
  event: Pick<typeof events.$inferSelect, 'id' | 'name'>;
  targets: Array<Pick<typeof subscriptions.$inferSelect, 'id' | 'status' | 'filters' | 'jsonBody'>>;
  occurrenceId: string;
  headers: Record<string, string>;
  data: unknown;
  payload: unknown;
  timestamp: string;
  now: Date;
}) {
  const { event, occurrenceId, now } = input;
  const renderInput = { occurrenceId, eventName: event.name, timestamp: input.timestamp, data: input.data };
  return input.targets.map((subscription) => {
    const filtered = evaluateFilters(subscription.filters as Filter[], {
      headers: input.headers,
      body: input.data,
    });
    const verdict =
      subscription.status === 'FAILED' && filtered.match
        ? {
            match: false,
            reason: SKIPPED_WHILE_DISABLED_REASON,
            outsiderReason: SKIPPED_WHILE_DISABLED_REASON,
          }
        : filtered;
    const isDue = verdict.match;
    return {
      // One log per (occurrence, subscription), in its occurrence's day partition.
      id: derivedId(occurrenceId, subscription.id),
      occurrenceId,
      subscriptionId: subscription.id,
      eventId: event.id,
      status: isDue ? 'PENDING' : 'IGNORED',
      errorMessage: isDue ? null : (verdict.reason ?? 'Filtros não atendidos'),
      outsiderErrorMessage:
        isDue || verdict.outsiderReason === verdict.reason ? null : verdict.outsiderReason,
      // Not stored: a dry run shows them one by one.
      failures: 'failures' in verdict ? verdict.failures : [],
      payloadSent: renderSubscriptionBody(subscription.jsonBody, renderInput, input.payload),
      nextAttemptAt: isDue ? now : null,
      processedAt: isDue ? null : now,
      createdAt: now,
      updatedAt: now,
    };
  });
}

export type PlannedDeliveryLog = ReturnType<typeof planDeliveryLogs>[number];

/**
 * The bodies a delivery log stores: each is null where it is its occurrence's (the emitted data
 * always; the payload unless the subscription renders a jsonBody of its own), and is read back
 * as `COALESCE(d.<column>, o.<column>)` from the occurrence. A fan-out then writes the emitted data
 * once per occurrence instead of twice more per subscription.
 */
export function toStoredBodies(log: PlannedDeliveryLog, occurrencePayload: unknown) {
  return { event_data_received: null, payload_sent: toStoredPayload(log.payloadSent, occurrencePayload) };
}

export const toStoredPayload = (payloadSent: unknown, occurrencePayload: unknown) =>
  payloadSent === occurrencePayload ? null : payloadSent;
