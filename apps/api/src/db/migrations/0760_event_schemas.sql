-- A JSON Schema per event: emitted payloads are checked against it (OFF, WARN or ENFORCE), and
-- consumers read it from the catalogue. Each change of the schema is kept as a numbered version;
-- `schema_version` is the current one (null until a schema is first set).
ALTER TABLE events ADD COLUMN schema jsonb;
ALTER TABLE events ADD COLUMN examples jsonb NOT NULL DEFAULT '[]';
ALTER TABLE events ADD COLUMN schema_validation text NOT NULL DEFAULT 'OFF';
ALTER TABLE events ADD COLUMN schema_version integer;

-- `breaking` and `changes` compare a version with the one before it: what the new one refuses.
CREATE TABLE event_schema_versions (
  event_id uuid NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  version integer NOT NULL,
  schema jsonb,
  breaking boolean NOT NULL DEFAULT false,
  changes jsonb NOT NULL DEFAULT '[]',
  created_by uuid,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (event_id, version)
);

-- The schema version a WARN or ENFORCE emit was checked against, and under WARN what broke it.
ALTER TABLE occurrences ADD COLUMN schema_version integer;
ALTER TABLE occurrences ADD COLUMN schema_violations jsonb;
