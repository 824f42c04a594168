-- A delivery log's event is its occurrence's and its subscription's too, and deleting the event
-- deletes both (ON DELETE CASCADE), each taking its logs along. This key only added a check per
-- written log, and a lock on the event's row (shared by every concurrent emit) for it.
ALTER TABLE delivery_logs DROP CONSTRAINT IF EXISTS delivery_logs_event_id_fkey;
