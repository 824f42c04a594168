-- A consumer's subscriptions in the order its lists show them (newest first): the portal's first
-- page of a consumer with 10,000 of them reads 20 index entries instead of sorting all 10,000. It
-- starts with the columns of the index it replaces, so lookups by consumer still use it.
CREATE INDEX subscriptions_consumer_newest_idx
  ON subscriptions (consumer_application_id, consumer_id, created_at DESC, id DESC)
  WHERE consumer_id IS NOT NULL;
DROP INDEX subscriptions_consumer_idx;
