-- A consumer's list reads its page's ids before anything else. With the subscription's event in
-- the index, the events-in-scope check is read from the index too: a deep page (page 50 of 100)
-- walks 5,000 index entries without fetching one table row. Same name and keys as the index it
-- replaces, so every other use of it stays as it was.
DROP INDEX subscriptions_consumer_newest_idx;
CREATE INDEX subscriptions_consumer_newest_idx
  ON subscriptions (consumer_application_id, consumer_id, created_at DESC, id DESC)
  INCLUDE (event_id)
  WHERE consumer_id IS NOT NULL;
