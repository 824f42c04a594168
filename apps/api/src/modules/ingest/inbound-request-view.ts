import type {
  InboundRequestStatus,
  TInboundRequest,
  TInboundRequestDetail,
  VerificationType,
} from '@wm/contracts';
import type { inboundRequests } from '../../db/schema';

type ListedRow = Omit<
  typeof inboundRequests.$inferSelect,
  'headers' | 'body' | 'applicationId' | 'reprocessEventLogIds' | 'schemaVersion' | 'schemaViolations'
>;

export const toInboundRequestView = (row: ListedRow): TInboundRequest => ({
  id: row.id,
  routeId: row.routeId,
  method: row.method,
  path: row.path,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  verificationType: row.verificationType as VerificationType | null,
  isVerified: row.isVerified,
  verificationError: row.verificationError,
  status: row.status as InboundRequestStatus,
  errorMessage: row.errorMessage,
  eventType: row.eventType,
  deliveryId: row.deliveryId,
  eventLogId: row.eventLogId,
  createdAt: row.createdAt.toISOString(),
});

type EventLogOutcome = {
  id: string;
  status: string;
  errorMessage: string | null;
  eventType: string;
  createdAt: Date;
};

export function toInboundRequestDetailView(
  row: typeof inboundRequests.$inferSelect,
  extra: { routeName: string; eventLogs: EventLogOutcome[]; canWrite: boolean },
): TInboundRequestDetail {
  const found = new Map(extra.eventLogs.map((log) => [log.id, log]));
  const listed = [
    ...(row.eventLogId ? [{ id: row.eventLogId, isReprocess: false }] : []),
    ...row.reprocessEventLogIds.map((id) => ({ id, isReprocess: true })),
  ];
  return {
    ...toInboundRequestView(row),
    headers: row.headers,
    body: row.body.toString('utf8'),
    schemaVersion: row.schemaVersion,
    schemaViolations: row.schemaViolations ?? [],
    route: { id: row.routeId, name: extra.routeName, applicationId: row.applicationId },
    eventLogs: listed.flatMap(({ id, isReprocess }) => {
      const log = found.get(id);
      return log ? [{ ...log, createdAt: log.createdAt.toISOString(), isReprocess }] : [];
    }),
    permissions: { canWrite: extra.canWrite },
  };
}
