-- Facts every process sharing this database must agree on, e.g. a fingerprint of the key that
-- encrypts stored API keys: a process started with another SECRET_KEY is refused at start instead
-- of failing later on every key it cannot decrypt.
CREATE TABLE server_settings (
  name text PRIMARY KEY,
  value text NOT NULL
);
