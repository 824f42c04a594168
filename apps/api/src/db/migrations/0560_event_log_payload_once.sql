-- An event log's payload is always its occurrence's (the rendered payload of an emit, the data of
-- a POST /emit-rules), which the occurrence already stores. New logs store null and readers take
-- COALESCE(l.payload, o.payload, o.data); older logs keep their copy.
ALTER TABLE event_logs ALTER COLUMN payload DROP NOT NULL;
