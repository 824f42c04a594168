import type { DatabaseHandle } from '../db/client';
import { addIgnoredDeliveryStats } from '../delivery/delivery-stats-sql';
import { type PlannedDeliveryLog, toStoredBodies } from '../delivery/plan-delivery-logs';
import { createBatcher } from '../lib/batcher';
import type { Clock } from '../lib/clock';

export type DeliveryLogRow = {
  id: string;
  occurrence_id: string;
  subscription_id: string;
  event_id: string | null;
  status: string;
  error_message: string | null;
  outsider_error_message: string | null;
  event_data_received: unknown;
  payload_sent: unknown;
  processed_at: string | null;
  lease_until: string | null;
  leased_by: string | null;
  created_at: string;
};

/** Planned delivery logs as rows, the PENDING ones leased to `leasedBy` until `leaseUntil`. */
export function toDeliveryLogRows(
  logs: PlannedDeliveryLog[],
  occurrencePayload: unknown,
  lease: { leaseUntil: string; leasedBy: string; createdAt: Date },
): DeliveryLogRow[] {
  return logs.map((log) => ({
    id: log.id,
    occurrence_id: log.occurrenceId,
    subscription_id: log.subscriptionId,
    event_id: log.eventId,
    status: log.status,
    error_message: log.errorMessage,
    outsider_error_message: log.outsiderErrorMessage,
    ...toStoredBodies(log, occurrencePayload),
    processed_at: log.processedAt?.toISOString() ?? null,
    lease_until: log.status === 'PENDING' ? lease.leaseUntil : null,
    leased_by: log.status === 'PENDING' ? lease.leasedBy : null,
    created_at: lease.createdAt.toISOString(),
  }));
}

/** One occurrence's delivery logs, and the pacing slot its first send needs (if it is paced). */
export type DeliveryLogsInsert = {
  occurrenceId: string;
  rows: DeliveryLogRow[];
  slot: { key: string; pacingMs: number } | null;
};

export type DeliveryLogsInserted = { ids: Set<string>; isSlotTaken: boolean };

// The slot is taken only for an occurrence whose PENDING logs this statement created, as
// the pacing slots (queue/pacing-slots.ts) would take it right before the first send (keys in
// order: no lock cycles).
const INSERT_SQL = `
WITH ins AS (
  INSERT INTO delivery_logs (id, occurrence_id, subscription_id, event_id, status, error_message,
    outsider_error_message, event_data_received, payload_sent, next_attempt_at, processed_at, lease_until, leased_by, created_at, updated_at)
  SELECT id, occurrence_id, subscription_id, event_id, status, error_message,
    outsider_error_message, event_data_received, payload_sent, NULL, processed_at, lease_until, leased_by, created_at, created_at
  FROM json_to_recordset($1::json) AS r(id uuid, occurrence_id uuid, subscription_id uuid, event_id uuid,
    status text, error_message text, outsider_error_message text, event_data_received json, payload_sent json, processed_at timestamptz,
    lease_until timestamptz, leased_by text, created_at timestamptz)
  ON CONFLICT DO NOTHING
  RETURNING id, occurrence_id, subscription_id, status, created_at),
ignored AS (${addIgnoredDeliveryStats('ins')}),
k AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS k(key text, pacing_ms integer, occurrence_id uuid)),
taken AS (
  INSERT INTO queue_pacing AS p (key, next_at)
  SELECT key, $3::timestamptz + pacing_ms * interval '1 millisecond' FROM k
  WHERE EXISTS (SELECT 1 FROM ins WHERE ins.occurrence_id = k.occurrence_id AND ins.status = 'PENDING')
  ORDER BY key
  ON CONFLICT (key) DO UPDATE SET next_at = excluded.next_at WHERE p.next_at <= $3::timestamptz
  RETURNING p.key)
SELECT id::text AS id, NULL::text AS key FROM ins
UNION ALL
SELECT NULL::text, key FROM taken`;

/**
 * Creates the delivery logs of the occurrences in flight in one statement,
 * taking each one's first pacing slot in the same round trip. A key asked
 * twice in one batch is taken at most once; the other asker paces itself.
 */
export function createDeliveryLogInserts(database: Pick<DatabaseHandle, 'query'>, clock: Clock) {
  const batcher = createBatcher(
    async (items: DeliveryLogsInsert[]): Promise<DeliveryLogsInserted[]> => {
      const rows = items
        .flatMap((item) => item.rows)
        .sort((a, b) => a.subscription_id.localeCompare(b.subscription_id));
      const slotOwners = new Map<string, DeliveryLogsInsert>();
      for (const item of items)
        if (item.slot && !slotOwners.has(item.slot.key)) slotOwners.set(item.slot.key, item);
      const slots = [...slotOwners].map(([key, item]) => ({
        key,
        pacing_ms: item.slot?.pacingMs ?? 0,
        occurrence_id: item.occurrenceId,
      }));
      const answer = await database.query<{ id: string | null; key: string | null }>(
        INSERT_SQL,
        [JSON.stringify(rows), JSON.stringify(slots), clock()],
        'wm_queued_deliveries_insert',
      );
      const ids = new Set(answer.flatMap((row) => (row.id ? [row.id] : [])));
      const taken = new Set(answer.flatMap((row) => (row.key ? [row.key] : [])));
      return items.map((item) => ({
        ids: new Set(item.rows.filter((row) => ids.has(row.id)).map((row) => row.id)),
        isSlotTaken: !!item.slot && taken.has(item.slot.key) && slotOwners.get(item.slot.key) === item,
      }));
    },
    { maxSize: 256, maxInFlight: 4 },
  );
  return { insert: (item: DeliveryLogsInsert) => batcher.submit(item) };
}
