-- When a subscription's recover re-queued this delivery (a FAILED one, or one skipped while the
-- subscription was disabled): a recover takes each delivery once, so a second one doubles nothing.
ALTER TABLE delivery_logs ADD COLUMN recovered_at timestamptz;
