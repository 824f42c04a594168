-- When a circuit last left CLOSED, kept through its probes and re-openings and cleared when it
-- closes: a circuit open for DELIVERY_DISABLE_AFTER_MS disables its subscription.
ALTER TABLE endpoint_circuits ADD COLUMN open_since timestamptz;
