-- Who holds a claimed database-queue message: `queue:<WORKER_ID>#<incarnation>`. A restarted
-- consumer (same WORKER_ID) gives back at start what its dead incarnation held, so those messages
-- come back at once instead of when their lease (QUEUE_LEASE_MS) ends. NULL while not claimed.
ALTER TABLE queue_messages ADD COLUMN leased_by text;
