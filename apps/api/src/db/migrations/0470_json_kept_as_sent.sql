-- What a client emitted and what was sent are kept as their JSON text (json, not jsonb): jsonb
-- reorders an object's keys, so a retry, rebuilt from the stored payload, sent other bytes than
-- the first attempt under the same webhook-id; a queued event, rendered later from the stored
-- occurrence, sent its keys in another order than the same emit of an immediate event; and the
-- console showed the received data in an order the client never sent.
ALTER TABLE delivery_logs ALTER COLUMN payload_sent TYPE json USING payload_sent::json;
ALTER TABLE delivery_logs ALTER COLUMN event_data_received TYPE json USING event_data_received::json;
ALTER TABLE occurrences ALTER COLUMN payload TYPE json USING payload::json;
ALTER TABLE occurrences ALTER COLUMN data TYPE json USING data::json;
ALTER TABLE event_logs ALTER COLUMN payload TYPE json USING payload::json;
