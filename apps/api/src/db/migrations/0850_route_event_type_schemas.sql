-- A JSON Schema per route event type, as events have: an inbound request's body is checked against
-- it (OFF, WARN or ENFORCE). `schema_version` counts the changes of the schema (null until one is
-- set), so a process's compiled check is replaced when it changes.
ALTER TABLE route_event_types ADD COLUMN schema jsonb;
ALTER TABLE route_event_types ADD COLUMN examples jsonb NOT NULL DEFAULT '[]';
ALTER TABLE route_event_types ADD COLUMN schema_validation text NOT NULL DEFAULT 'OFF';
ALTER TABLE route_event_types ADD COLUMN schema_version integer;

-- Where a kept request broke its event type's schema: why it was REJECTED (ENFORCE), or what was
-- let through (WARN).
ALTER TABLE inbound_requests ADD COLUMN schema_version integer;
ALTER TABLE inbound_requests ADD COLUMN schema_violations jsonb;
