import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz } from './timestamp-column';

export type AuthDetails = Record<string, string>;

export type PortalSettings = {
  allowedOrigins: string[];
  accentColor: string | null;
  logoUrl: string | null;
  displayName: string | null;
};
const NO_PORTAL_SETTINGS: PortalSettings = {
  allowedOrigins: [],
  accentColor: null,
  logoUrl: null,
  displayName: null,
};

/** An application's own egress proxy: the URL without its password, which is sealed apart. */
export type StoredOutboundProxy = { url: string; password: string | null; exclude: string[] };

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    apiKeyHash: text('api_key_hash').notNull().unique('applications_api_key_hash_key'),
    /** AES-256-GCM with SECRET_KEY, so a database dump alone yields no usable key. */
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    apiKeyPrefix: text('api_key_prefix').notNull(),
    visibility: text('visibility').notNull().default('PRIVATE'),
    callbackUrl: text('callback_url'),
    callbackAuthType: text('callback_auth_type').notNull().default('NONE'),
    /** Secret fields sealed with SECRET_KEY (`wmenc1:`), like the callback secret below. */
    callbackAuthDetails: jsonb('callback_auth_details').$type<AuthDetails | null>(),
    /** Signs event callbacks; filled at start for applications created before it existed. */
    callbackSecret: text('callback_secret'),
    /** Who may embed the portal (frame-ancestors) and the brand it wears. */
    portalSettings: jsonb('portal_settings').$type<PortalSettings>().notNull().default(NO_PORTAL_SETTINGS),
    /** Used instead of OUTBOUND_PROXY_URL for its sends; null: the global one. */
    outboundProxy: jsonb('outbound_proxy').$type<StoredOutboundProxy | null>(),
    createdBy: uuid('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('applications_created_idx').on(table.createdAt.desc())],
);

export const userApplications = pgTable(
  'user_applications',
  {
    userId: uuid('user_id').notNull(),
    applicationId: uuid('application_id').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    canRead: boolean('can_read').notNull().default(true),
    canWrite: boolean('can_write').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.applicationId] }),
    index('user_applications_app_idx').on(table.applicationId),
  ],
);

/** A pending invitation by e-mail (stored lower case); accepted, it becomes a user_applications row. */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id').notNull(),
    email: text('email').notNull(),
    canRead: boolean('can_read').notNull().default(true),
    canWrite: boolean('can_write').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(false),
    invitedBy: uuid('invited_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_invitations_app_email_key').on(table.applicationId, table.email),
    index('member_invitations_email_idx').on(table.email),
  ],
);
