-- FIFO events: per (subscription, ordering key) deliveries go out in emit order. A FIFO event's
-- delivery log carries its key ('' when the emit named none: the whole stream is one key) and its
-- place in the emit order, taken from one sequence in the emit's own statement; both stay null
-- for every other queue type, so their logs neither pay for them nor enter the indexes below.
CREATE SEQUENCE delivery_fifo_seq;
ALTER TABLE delivery_logs ADD COLUMN ordering_key text;
ALTER TABLE delivery_logs ADD COLUMN fifo_seq bigint;
-- A FAILED FIFO delivery someone passed over (POST /logs/{id}/skip), so a HOLD key moves on.
ALTER TABLE delivery_logs ADD COLUMN skipped_at timestamptz;
ALTER TABLE delivery_logs ADD COLUMN skip_reason text;
-- What a key does once a delivery FAILED for good: CONTINUE with the next, or HOLD until a resend or skip.
ALTER TABLE subscriptions ADD COLUMN fifo_on_failure text NOT NULL DEFAULT 'CONTINUE';

-- The head of each key: the oldest open FIFO delivery, found per key in emit order.
CREATE INDEX delivery_logs_fifo_open_idx ON delivery_logs (subscription_id, ordering_key, fifo_seq)
  WHERE ordering_key IS NOT NULL AND status IN ('PENDING', 'RETRYING');
-- What holds a HOLD subscription's key: a FAILED delivery nobody resent or skipped.
CREATE INDEX delivery_logs_fifo_held_idx ON delivery_logs (subscription_id, ordering_key, fifo_seq)
  WHERE ordering_key IS NOT NULL AND status = 'FAILED' AND skipped_at IS NULL;
