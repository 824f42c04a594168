import type { AppContext } from '../context';
import { type ClaimedDelivery, toClaimedDelivery } from '../delivery/claim';
import { planDeliveryLogs } from '../delivery/plan-delivery-logs';
import { createDeliveryLogInserts, toDeliveryLogRows } from './delivery-log-inserts';
import type { QueuedDeliveries } from './process-event-log';

/**
 * Creates a started message's deliveries, already leased to `workerId` and never due for the
 * delivery workers, and claims those it won; inserts are group-committed across messages.
 */
export function createQueuedPrepare(
  ctx: AppContext,
  workerId: string,
): QueuedDeliveries<ClaimedDelivery>['prepare'] {
  const inserts = createDeliveryLogInserts(ctx.database, ctx.clock);
  return async (started, slot) => {
    const { event, occurrence } = started;
    if (started.hasDeliveries || !event) return null;
    if (!occurrence) return { claimed: [], isSlotTaken: false };
    const now = ctx.clock();
    const leaseUntil = new Date(now.getTime() + ctx.config.DELIVERY_LEASE_MS).toISOString();
    // An occurrence stores its payload only where it differs from its data.
    const payload = occurrence.payload ?? occurrence.data;
    const logs = planDeliveryLogs({
      event,
      targets: started.targets,
      occurrenceId: occurrence.id,
      headers: occurrence.headers,
      data: occurrence.data,
      payload,
      timestamp: occurrence.createdAt.toISOString(),
      now,
    });
    if (logs.length === 0) return { claimed: [], isSlotTaken: false };
    // Created already leased to this consumer, and never due for the delivery workers.
    const rows = toDeliveryLogRows(logs, payload, { leaseUntil, leasedBy: workerId, createdAt: now });
    // A concurrent prepare of the same occurrence loses on the (occurrence, subscription) key.
    const inserted = await inserts.insert({ occurrenceId: occurrence.id, rows, slot });
    // Lost the race to another delivery of this message: its deliveries are the winner's, so
    // settle nothing here; claimOpen counts them busy until they are final or their lease lapses.
    if (logs.some((log) => !inserted.ids.has(log.id))) return null;
    const bySubscription = new Map(started.targets.map((subscription) => [subscription.id, subscription]));
    const claimed = logs.flatMap((log): ClaimedDelivery[] => {
      const subscription = bySubscription.get(log.subscriptionId);
      if (log.status !== 'PENDING' || !inserted.ids.has(log.id) || !subscription) return [];
      return [
        toClaimedDelivery({ ...log, occurrenceId: occurrence.id }, subscription, event, {
          emittedAt: occurrence.createdAt,
          traceParent: occurrence.traceParent,
        }),
      ];
    });
    return { claimed, isSlotTaken: inserted.isSlotTaken };
  };
}
