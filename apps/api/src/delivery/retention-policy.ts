import type { RetentionPolicy } from '../db/log-retention';

/** A delivery still to be sent: every other status is final. */
const OPEN_DELIVERY = `status IN ('PENDING', 'RETRYING')`;
/** An event log still to be processed: every other status is final. */
const OPEN_EVENT_LOG = `status IN ('PENDING', 'PROCESSING')`;

/**
 * What the retention purge keeps past its day: whatever is not final, and what an unfinished
 * delivery, event log or due report still reads. The rest of an expired day goes.
 */
export const RETENTION_POLICY: RetentionPolicy = {
  // The counts per status are moved with the rows (db/log-retention.ts).
  delivery_logs: OPEN_DELIVERY,
  delivery_attempts: `delivery_log_id IN (SELECT id FROM delivery_logs WHERE ${OPEN_DELIVERY})`,
  event_logs: OPEN_EVENT_LOG,
  // What an unfinished delivery, event log or due report reads its payload and headers from.
  occurrences: `callback_pending
      OR id IN (SELECT occurrence_id FROM delivery_logs WHERE ${OPEN_DELIVERY})
      OR id IN (SELECT event_id FROM event_logs WHERE ${OPEN_EVENT_LOG})`,
};
