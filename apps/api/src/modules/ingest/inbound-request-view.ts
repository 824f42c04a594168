import type {
  InboundRequestStatus,
  TInboundRequest,
  TInboundRequestDetail,
  VerificationType,
} from '@wm/contracts';
import type { inboundRequests } from '../../db/schema';

type ListedRow = Omit<typeof inboundRequests.$inferSelect, 'headers' | 'body' | 'applicationId'>;

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

export function toInboundRequestDetailView(
  row: typeof inboundRequests.$inferSelect,
  extra: {
    routeName: string;
    eventLogStatus: string | null;
    eventLogError: string | null;
    canWrite: boolean;
  },
): TInboundRequestDetail {
  return {
    ...toInboundRequestView(row),
    headers: row.headers,
    body: row.body.toString('utf8'),
    route: { id: row.routeId, name: extra.routeName, applicationId: row.applicationId },
    eventLog:
      row.eventLogId && extra.eventLogStatus
        ? { id: row.eventLogId, status: extra.eventLogStatus, errorMessage: extra.eventLogError }
        : null,
    permissions: { canWrite: extra.canWrite },
  };
}
