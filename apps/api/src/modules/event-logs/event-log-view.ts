import type { EventLogStatus, TEventLog } from '@wm/contracts';
import type { eventLogs } from '../../db/schema';

export function toEventLogView(row: typeof eventLogs.$inferSelect): TEventLog {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    organizationId: row.organizationId,
    externalEventId: row.externalEventId,
    queueType: row.queueType,
    status: row.status as EventLogStatus,
    retryCount: row.retryCount,
    payload: row.payload,
    errorMessage: row.errorMessage,
    applicationId: row.applicationId,
    eventDefinitionId: row.eventDefinitionId,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
