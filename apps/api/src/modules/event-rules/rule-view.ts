import type { TEventRule, TRuleExecution } from '@wm/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  applications,
  events,
  routeEventTypes,
  routes,
  ruleExecutions,
  rules,
  subscriptions,
} from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';
import { rowPermissions, ruleAccess } from '../access';

/** Rules with what a list item shows: application and route names, event type, linked event, counts. */
export function selectRuleRows(ctx: AppContext, user: SessionUser) {
  return ctx.db
    .select({
      rule: rules,
      applicationName: applications.name,
      routeName: routes.name,
      routeEventType: {
        id: routeEventTypes.id,
        name: routeEventTypes.name,
        alias: routeEventTypes.alias,
        isActive: routeEventTypes.isActive,
      },
      event: {
        id: events.id,
        name: events.name,
        alias: events.alias,
        queueType: events.queueType,
        status: events.status,
      },
      subscriptionCount: sql<number>`(SELECT count(*)::int FROM ${subscriptions} WHERE ${subscriptions.eventId} = ${rules.eventId})`,
      executionCount: sql<number>`(SELECT count(*)::int FROM ${ruleExecutions} WHERE ${ruleExecutions.ruleId} = ${rules.id})`,
      ...rowPermissions(ruleAccess, user),
    })
    .from(rules)
    .innerJoin(applications, eq(applications.id, rules.applicationId))
    .innerJoin(routes, eq(routes.id, rules.routeId))
    .leftJoin(routeEventTypes, eq(routeEventTypes.id, rules.routeEventTypeId))
    .leftJoin(events, eq(events.id, rules.eventId));
}

type RuleRow = Awaited<ReturnType<ReturnType<typeof selectRuleRows>['execute']>>[number];

export function toRuleView(row: RuleRow): TEventRule {
  const { rule } = row;
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    applicationId: rule.applicationId,
    application: { id: rule.applicationId, name: row.applicationName },
    routeId: rule.routeId,
    route: { id: rule.routeId, name: row.routeName },
    routeEventTypeId: rule.routeEventTypeId,
    routeEventType: row.routeEventType,
    eventId: rule.eventId,
    event: row.event ? { ...row.event, _count: { subscriptions: Number(row.subscriptionCount) } } : null,
    isActive: rule.isActive,
    conditions: rule.conditions,
    _count: { executions: Number(row.executionCount) },
    permissions: { canWrite: Boolean(row.canWrite), canDelete: Boolean(row.canDelete) },
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

export const toExecutionView = (row: typeof ruleExecutions.$inferSelect): TRuleExecution => ({
  id: row.id,
  ruleId: row.ruleId,
  eventLogId: row.eventLogId,
  success: row.success,
  executedAt: row.executedAt.toISOString(),
  executionTimeMs: row.executionTimeMs,
  executedActions: row.executedActions,
  errorMessage: row.errorMessage,
});
