import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './timestamp-column';

/** A portal link handed to a consumer: only its token's SHA-256 is kept. */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id').notNull(),
    consumerId: text('consumer_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('portal_sessions_token_hash_key'),
    /** The events the consumer may subscribe to; null: all of the application's. */
    eventAliases: text('event_aliases').array(),
    isReadOnly: boolean('is_read_only').notNull().default(false),
    locale: text('locale').notNull().default('pt-BR'),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    createdBy: uuid('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (table) => [index('portal_sessions_consumer_idx').on(table.applicationId, table.consumerId)],
);
