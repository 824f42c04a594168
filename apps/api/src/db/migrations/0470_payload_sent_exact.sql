-- The body of a delivery is kept as the JSON text first sent (json, not jsonb): jsonb reorders an
-- object's keys, so a retry, rebuilt from the stored payload, sent other bytes than the first
-- attempt under the same webhook-id. Receivers that hash or compare bodies must see one body.
ALTER TABLE delivery_logs ALTER COLUMN payload_sent TYPE json USING payload_sent::json;
