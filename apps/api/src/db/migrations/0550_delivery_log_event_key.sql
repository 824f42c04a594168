-- A delivery log's event is its occurrence's and its subscription's too, and deleting the event
-- deletes both (ON DELETE CASCADE), each taking its logs along. This key only added a check per
-- written log, and every concurrent emit locked the event's row again for it (a multixact per
-- overlapping transaction): about a tenth of the database's CPU per delivery.
ALTER TABLE delivery_logs DROP CONSTRAINT IF EXISTS delivery_logs_event_id_fkey;
