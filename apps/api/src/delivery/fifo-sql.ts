// FIFO ordering in SQL, shared by the claim and the log views: one definition of what holds a key.

/**
 * Whether an earlier delivery of the same (subscription, ordering key) as the FIFO delivery `d` of
 * subscription `s` still holds it: one not final yet (PENDING or RETRYING), or, while `s` is on
 * HOLD, one that FAILED and nobody resent or skipped. Both probes run on the partial FIFO indexes.
 */
export const fifoPredecessorHoldsSql = (d: string, s: string) => `(
  EXISTS (SELECT 1 FROM delivery_logs p WHERE p.subscription_id = ${d}.subscription_id
    AND p.ordering_key = ${d}.ordering_key AND p.fifo_seq < ${d}.fifo_seq
    AND p.status IN ('PENDING', 'RETRYING'))
  OR (${s}.fifo_on_failure = 'HOLD' AND EXISTS (SELECT 1 FROM delivery_logs p
    WHERE p.subscription_id = ${d}.subscription_id AND p.ordering_key = ${d}.ordering_key
      AND p.fifo_seq < ${d}.fifo_seq AND p.status = 'FAILED' AND p.skipped_at IS NULL)))`;
