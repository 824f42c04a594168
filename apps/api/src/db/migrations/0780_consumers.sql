-- Consumers: an application's own customers own subscriptions without a console account. A consumer
-- subscription names its application (the one of its event, kept beside it so the consumer's
-- subscriptions are one index range) and the consumer's id; a console user's has neither.
ALTER TABLE subscriptions ADD COLUMN consumer_application_id uuid REFERENCES applications(id) ON DELETE CASCADE;
ALTER TABLE subscriptions ADD COLUMN consumer_id text;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_consumer_check
  CHECK ((consumer_id IS NULL) = (consumer_application_id IS NULL));
CREATE INDEX subscriptions_consumer_idx ON subscriptions (consumer_application_id, consumer_id)
  WHERE consumer_id IS NOT NULL;
