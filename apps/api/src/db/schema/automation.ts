import type { TRuleConditions, TRuleExecutedAction } from '@wm/contracts';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const routes = pgTable('routes', {
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
});

export const routeEventTypes = pgTable('route_event_types', {
  id: uuid('id').primaryKey(),
  routeId: uuid('route_id').notNull(),
  name: text('name').notNull(),
  alias: text('alias').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const routeFields = pgTable('route_fields', {
  id: uuid('id').primaryKey(),
  routeId: uuid('route_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  type: text('type').notNull(),
  path: text('path').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Validated by the contracts schema on every write, so `conditions` is well-formed. */
export const rules = pgTable('rules', {
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
});

export const ruleExecutions = pgTable('rule_executions', {
  id: uuid('id').primaryKey(),
  ruleId: uuid('rule_id').notNull(),
  eventLogId: uuid('event_log_id'),
  success: boolean('success').notNull(),
  executedAt: tz('executed_at').notNull().defaultNow(),
  executionTimeMs: integer('execution_time_ms').notNull().default(0),
  executedActions: jsonb('executed_actions').$type<TRuleExecutedAction[]>().notNull().default([]),
  errorMessage: text('error_message'),
});
