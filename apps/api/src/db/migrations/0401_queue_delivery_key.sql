-- One delivery log per (occurrence, subscription): lets the queue consumer create an
-- occurrence's deliveries idempotently (a redelivered message inserts nothing twice).
CREATE UNIQUE INDEX delivery_logs_occurrence_subscription_key ON delivery_logs (occurrence_id, subscription_id);
