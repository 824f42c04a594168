-- The process incarnation that wrote a queued event log (`emit:<WORKER_ID>#<incarnation>`). Its
-- message is published after the commit: a process killed in between leaves the log PENDING with
-- no message. Restarted (same WORKER_ID), it publishes at start the PENDING logs its dead
-- incarnation wrote, instead of leaving them to the republish sweep minutes later.
ALTER TABLE event_logs ADD COLUMN written_by text;
