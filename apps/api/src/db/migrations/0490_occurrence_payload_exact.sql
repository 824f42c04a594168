-- The rendered event payload of an occurrence is kept as JSON text (json, not jsonb) too: a queued
-- event's deliveries are rendered from it later, and jsonb would have reordered its keys, so a
-- RABBITMQ event sent its body with other key order than the same emit of an IMMEDIATE event.
ALTER TABLE occurrences ALTER COLUMN payload TYPE json USING payload::json;
