import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './timestamp-column';

/** The circuit breaker of a subscription that has failed, shared by every process. */
export const endpointCircuits = pgTable(
  'endpoint_circuits',
  {
    subscriptionId: uuid('subscription_id').primaryKey(),
    /** CLOSED, OPEN (until openUntil) or HALF_OPEN (one probe leased to probeBy until probeUntil). */
    state: text('state').notNull().default('CLOSED'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Openings in a row without a success: the cool-down grows with it. */
    openCount: integer('open_count').notNull().default(0),
    openUntil: tz('open_until'),
    /** When it last left CLOSED; cleared when it closes. */
    openSince: tz('open_since'),
    probeBy: text('probe_by'),
    probeUntil: tz('probe_until'),
    changedAt: tz('changed_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (table) => [
    index('endpoint_circuits_not_closed_idx').on(table.subscriptionId).where(sql`${table.state} <> 'CLOSED'`),
  ],
);

/** A rate-limited subscription's next free send time, taken atomically by every process. */
export const subscriptionRateLimits = pgTable('subscription_rate_limits', {
  subscriptionId: uuid('subscription_id').primaryKey(),
  nextAt: tz('next_at').notNull(),
});
