-- The W3C trace context (traceparent) of the span that made the row, so work done later or in
-- another process joins its trace: an emit's, read by the deliveries of its occurrence, and a
-- producer's, read by the consumer of a database queue message. Written only while tracing is on;
-- NULL otherwise, which a row stores in its null bitmap at no cost.
ALTER TABLE occurrences ADD COLUMN trace_parent text;
ALTER TABLE queue_messages ADD COLUMN trace_parent text;
