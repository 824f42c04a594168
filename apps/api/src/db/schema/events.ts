import type { BreakingChange, Filter } from '@wm/rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuthDetails } from './applications';
import { tz } from './timestamp-column';

/** A subscription's client certificate for mutual TLS, as stored (key and passphrase sealed). */
export type ClientTls = {
  certificate: string;
  privateKey: string;
  passphrase?: string;
  caBundle?: string;
  /** Read from the certificate when saved, for the answers. */
  subject: string;
  validTo: string;
};

/** Validated by the contracts schema on every write, so rows are well-formed filters. */
export type FilterRow = Filter;

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id').notNull(),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    visibility: text('visibility').notNull().default('PUBLIC'),
    queueType: text('queue_type').notNull().default('IMMEDIATE'),
    enableCallbacks: boolean('enable_callbacks').notNull().default(false),
    callbackUrl: text('callback_url'),
    callbackAuthType: text('callback_auth_type').notNull().default('NONE'),
    callbackAuthDetails: jsonb('callback_auth_details').$type<AuthDetails | null>(),
    bodyTemplate: jsonb('body_template').$type<Record<string, unknown> | null>(),
    delayBetweenSends: integer('delay_between_sends'),
    messageTtl: integer('message_ttl'),
    maxRetries: integer('max_retries'),
    priority: integer('priority'),
    /** A JSON Schema 2020-12 the payloads are checked against (checked against the meta-schema when saved). */
    schema: jsonb('schema').$type<Record<string, unknown> | null>(),
    examples: jsonb('examples').$type<unknown[]>().notNull().default([]),
    /** OFF, WARN or ENFORCE. */
    schemaValidation: text('schema_validation').notNull().default('OFF'),
    /** The current row of `event_schema_versions`; null until a schema is first set. */
    schemaVersion: integer('schema_version'),
    createdBy: uuid('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('events_app_alias_key').on(table.applicationId, table.alias),
    index('events_created_idx').on(table.createdAt.desc()),
    index('events_search_idx').using('gin', table.name.op('gin_trgm_ops'), table.alias.op('gin_trgm_ops')),
  ],
);

/** Every schema an event has had; `breaking` and `changes` compare each with the one before. */
export const eventSchemaVersions = pgTable(
  'event_schema_versions',
  {
    eventId: uuid('event_id').notNull(),
    version: integer('version').notNull(),
    schema: jsonb('schema').$type<Record<string, unknown> | null>(),
    breaking: boolean('breaking').notNull().default(false),
    changes: jsonb('changes').$type<BreakingChange[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: tz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.version] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    eventId: uuid('event_id').notNull(),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    targetUrl: text('target_url').notNull(),
    httpMethod: text('http_method').notNull().default('POST'),
    authType: text('auth_type').notNull().default('NONE'),
    /** Secret fields (password, token, API key value) sealed with SECRET_KEY. */
    authDetails: jsonb('auth_details').$type<AuthDetails | null>(),
    /** Mutual TLS: client certificate, its key and passphrase (sealed), optional CA bundle. */
    clientTls: jsonb('client_tls').$type<ClientTls | null>(),
    jsonBody: jsonb('json_body').$type<unknown>(),
    filters: jsonb('filters').$type<FilterRow[]>().notNull().default([]),
    /** Standard Webhooks signing secret, `whsec_` + base64, stored sealed with SECRET_KEY (`wmenc1:`). */
    secret: text('secret').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Set by the delivery engine with status FAILED: 'GONE' (a 410) or 'CONSECUTIVE_FAILURES'. */
    disabledReason: text('disabled_reason'),
    disabledAt: tz('disabled_at'),
    /** Deliveries per second across every process; null: no limit. */
    rateLimitPerSecond: integer('rate_limit_per_second'),
    /** Sends at once per process; null: the default share of the pool. */
    maxInFlight: integer('max_in_flight'),
    /** A FIFO event's key once a delivery FAILED for good: 'CONTINUE' with the next, or 'HOLD' it. */
    fifoOnFailure: text('fifo_on_failure').$type<'CONTINUE' | 'HOLD'>().notNull().default('CONTINUE'),
    createdBy: uuid('created_by'),
    /** Set, with consumerId, on a consumer's subscription: its event's application. */
    consumerApplicationId: uuid('consumer_application_id'),
    /** The application's customer who owns the subscription (no console user does). */
    consumerId: text('consumer_id'),
    /** An operational endpoint's internal subscription (same id as the endpoint), hidden from lists. */
    isOperational: boolean('is_operational').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_consumer_newest_idx')
      .on(table.consumerApplicationId, table.consumerId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.consumerId} IS NOT NULL`),
    index('subscriptions_event_idx').on(table.eventId, table.status),
    index('subscriptions_created_by_idx').on(table.createdBy),
    index('subscriptions_search_idx').using(
      'gin',
      table.name.op('gin_trgm_ops'),
      table.targetUrl.op('gin_trgm_ops'),
    ),
  ],
);
