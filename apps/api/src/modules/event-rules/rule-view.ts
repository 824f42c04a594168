import type { TEventRule, TRuleExecution } from '@wm/contracts';
import type { ruleExecutions } from '../../db/schema';
import type { RuleRow } from './queries';

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
