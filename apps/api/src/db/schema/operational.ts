import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz } from './timestamp-column';

/**
 * The outbox of operational events, written by triggers (migration 0710) in the statement that
 * disables a subscription, moves a circuit, ends a delivery FAILED or refuses an inbound sender.
 */
export const operationalEvents = pgTable(
  'operational_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    subscriptionId: uuid('subscription_id'),
    routeId: uuid('route_id'),
    deliveryLogId: uuid('delivery_log_id'),
    reason: text('reason'),
    dedupeKey: text('dedupe_key'),
    occurredAt: tz('occurred_at').notNull(),
    payload: jsonb('payload').$type<unknown>(),
    processedAt: tz('processed_at'),
  },
  (table) => [
    index('operational_events_pending_idx').on(table.occurredAt).where(sql`${table.processedAt} IS NULL`),
    uniqueIndex('operational_events_dedupe_key').on(table.dedupeKey),
  ],
);

/** One user's notice of an operational event, in the console's notification centre. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    operationalEventId: uuid('operational_event_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link').notNull(),
    createdAt: tz('created_at').notNull(),
    readAt: tz('read_at'),
  },
  (table) => [
    uniqueIndex('notifications_event_user_key').on(table.operationalEventId, table.userId),
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} IS NULL`),
  ],
);

/** An endpoint that receives operational events: a user's own or an application's (exactly one). */
export const operationalEndpoints = pgTable(
  'operational_endpoints',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id'),
    applicationId: uuid('application_id'),
    url: text('url').notNull(),
    /** Null: every operational type. */
    eventTypes: text('event_types').array(),
    /** Standard Webhooks signing secret, sealed with SECRET_KEY (`wmenc1:`). */
    secret: text('secret').notNull(),
    createdBy: uuid('created_by'),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (table) => [
    index('operational_endpoints_user_idx').on(table.userId).where(sql`${table.userId} IS NOT NULL`),
    index('operational_endpoints_application_idx')
      .on(table.applicationId)
      .where(sql`${table.applicationId} IS NOT NULL`),
  ],
);
