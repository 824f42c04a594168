import type { TEventTypeFrom, TRuleConditions, TRuleExecutedAction, VerificationType } from '@wm/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tz } from './timestamp-column';

/** A route's sender check as stored: secret, password and value sealed (`wmenc1:`). */
export type StoredVerification = {
  type: VerificationType;
  secret?: string;
  header?: string;
  encoding?: 'hex' | 'base64';
  prefix?: string;
  username?: string;
  password?: string;
  value?: string;
};

/** Raw bytes, read as a Buffer on either driver. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const routes = pgTable(
  'routes',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    endpoint: text('endpoint').notNull(),
    method: text('method').notNull().default('POST'),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** Random, set by the database on insert and on rotation (`SET ingest_token = DEFAULT`). */
    ingestToken: text('ingest_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    /** Null: not configured, every request refused. */
    verification: jsonb('verification').$type<StoredVerification | null>(),
    eventTypeFrom: jsonb('event_type_from')
      .$type<TEventTypeFrom>()
      .notNull()
      .default({ source: 'BODY_PATH', value: 'type' }),
  },
  (table) => [
    index('routes_app_idx').on(table.applicationId, table.createdAt.desc()),
    index('routes_created_idx').on(table.createdAt.desc(), table.id.desc()),
    uniqueIndex('routes_ingest_token_key').on(table.ingestToken),
  ],
);

export const routeEventTypes = pgTable(
  'route_event_types',
  {
    id: uuid('id').primaryKey(),
    routeId: uuid('route_id').notNull(),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /** A JSON Schema 2020-12 inbound bodies are checked against (checked against the meta-schema when saved). */
    schema: jsonb('schema').$type<Record<string, unknown> | null>(),
    examples: jsonb('examples').$type<unknown[]>().notNull().default([]),
    /** OFF, WARN or ENFORCE. */
    schemaValidation: text('schema_validation').notNull().default('OFF'),
    /** Counts the schema's changes; null until a schema is first set. */
    schemaVersion: integer('schema_version'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('route_event_types_route_alias_key').on(table.routeId, table.alias)],
);

export const routeFields = pgTable(
  'route_fields',
  {
    id: uuid('id').primaryKey(),
    routeId: uuid('route_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').notNull(),
    path: text('path').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('route_fields_route_path_key').on(table.routeId, table.path)],
);

/** Validated by the contracts schema on every write, so `conditions` is well-formed. */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id').notNull(),
    routeId: uuid('route_id').notNull(),
    routeEventTypeId: uuid('route_event_type_id'),
    eventId: uuid('event_id'),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    conditions: jsonb('conditions').$type<TRuleConditions>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('rules_app_idx').on(table.applicationId, table.createdAt.desc(), table.id.desc()),
    index('rules_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('rules_route_idx').on(table.routeId),
    index('rules_route_event_type_idx').on(table.routeEventTypeId),
    index('rules_event_idx').on(table.eventId),
    index('rules_app_type_idx')
      .on(table.applicationId, sql`(${table.conditions}->>'type')`)
      .where(sql`${table.isActive}`),
  ],
);

export const ruleExecutions = pgTable(
  'rule_executions',
  {
    id: uuid('id').primaryKey(),
    ruleId: uuid('rule_id').notNull(),
    eventLogId: uuid('event_log_id'),
    success: boolean('success').notNull(),
    executedAt: tz('executed_at').notNull().defaultNow(),
    executionTimeMs: integer('execution_time_ms').notNull().default(0),
    executedActions: jsonb('executed_actions').$type<TRuleExecutedAction[]>().notNull().default([]),
    errorMessage: text('error_message'),
  },
  (table) => [
    index('rule_executions_rule_idx').on(table.ruleId, table.executedAt.desc(), table.id.desc()),
    uniqueIndex('rule_executions_log_rule_key').on(table.eventLogId, table.ruleId),
  ],
);

/** Every request an active route received with its method, whatever became of it. */
export const inboundRequests = pgTable(
  'inbound_requests',
  {
    id: uuid('id').primaryKey(),
    routeId: uuid('route_id').notNull(),
    applicationId: uuid('application_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** As received, less credentials. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    /** The bytes received, exactly. */
    body: bytea('body').notNull(),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes').notNull(),
    /** The route's verification type when it came; null when none was configured. */
    verificationType: text('verification_type'),
    isVerified: boolean('is_verified').notNull(),
    verificationError: text('verification_error'),
    status: text('status').notNull(),
    errorMessage: text('error_message'),
    eventType: text('event_type'),
    deliveryId: text('delivery_id'),
    eventLogId: uuid('event_log_id'),
    /** The rules logs of its reprocesses, oldest first; the request's own columns stay as received. */
    reprocessEventLogIds: uuid('reprocess_event_log_ids').array().notNull().default(sql`'{}'`),
    /** The event type's schema version the body was checked against (WARN or ENFORCE). */
    schemaVersion: integer('schema_version'),
    /** Where the body broke the schema: why it was REJECTED (ENFORCE) or what was let through (WARN). */
    schemaViolations: jsonb('schema_violations').$type<{ path: string; message: string }[]>(),
    createdAt: tz('created_at').notNull(),
  },
  (table) => [
    index('inbound_requests_route_idx').on(table.routeId, table.createdAt.desc(), table.id.desc()),
    index('inbound_requests_event_log_idx').on(table.eventLogId),
    index('inbound_requests_app_idx').on(table.applicationId),
  ],
);

/**
 * Committed changes per change channel, counted by triggers in commit order (wm_rules_changed:
 * rules, routes, route event types); a rules consumer reloads its cache when the count it reads
 * with a message is newer than the last notification it heard.
 */
export const changeVersions = pgTable('change_versions', {
  channel: text('channel').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
