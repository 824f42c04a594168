import type { EventLogStatus, TEventLog, TEventLogDetail, TRuleEvaluation } from '@wm/contracts';
import type { EventLogRow } from './queries';

export function toEventLogView(row: EventLogRow): TEventLog {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    organizationId: row.organizationId,
    externalEventId: row.externalEventId,
    queueType: row.queueType,
    status: row.status as EventLogStatus,
    retryCount: row.retryCount,
    deliveryAttempts: row.deliveryAttempts === null ? null : Number(row.deliveryAttempts),
    payload: row.payload,
    errorMessage: row.errorMessage,
    applicationId: row.applicationId,
    eventDefinitionId: row.eventDefinitionId,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toEventLogDetailView(
  row: EventLogRow & {
    ruleEvaluations: unknown[] | null;
    schemaVersion: number | null;
    schemaViolations: { path: string; message: string }[] | null;
  },
): TEventLogDetail {
  return {
    ...toEventLogView(row),
    ruleEvaluations: (row.ruleEvaluations as TRuleEvaluation[] | null) ?? null,
    schemaVersion: row.schemaVersion,
    schemaViolations: row.schemaViolations ?? [],
  };
}
