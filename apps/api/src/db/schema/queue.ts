import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './timestamp-column';

/** One message of the database-backed queue; a claimed one is leased until lease_until. */
export const queueMessages = pgTable(
  'queue_messages',
  {
    id: uuid('id').primaryKey(),
    queue: text('queue').notNull(),
    messageId: text('message_id').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    priority: integer('priority').notNull().default(5),
    availableAt: tz('available_at').notNull().defaultNow(),
    expiresAt: tz('expires_at'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: tz('lease_until'),
    /** The claiming consumer's incarnation (`queue:<WORKER_ID>#…`) while claimed. */
    leasedBy: text('leased_by'),
    pacingKey: text('pacing_key'),
    pacingMs: integer('pacing_ms'),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** W3C traceparent of the producer's span; null while tracing is off. */
    traceParent: text('trace_parent'),
  },
  // The claim's order: highest priority first, then the oldest available.
  (table) => [
    index('queue_messages_claim_idx').on(table.queue, table.priority.desc(), table.availableAt, table.id),
  ],
);

/** Pacing per key (e.g. one event): the earliest start of the next send, shared by every process. */
export const queuePacing = pgTable('queue_pacing', {
  key: text('key').primaryKey(),
  nextAt: tz('next_at').notNull(),
});
