import {
  SCHEMA_VIOLATION_MESSAGE,
  type TInboundRequestDetail,
  type TInboundRequestListQuery,
  type TInboundRequestListResponse,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { schemaViolation, unprocessable } from '../../domain/errors';
import { toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { inboundRequestAccess, requireAccess, routeAccess } from '../access';
import { publishOrLeaveToSweep } from '../emit/publish-or-sweep';
import { toInboundRequestDetailView, toInboundRequestView } from './inbound-request-view';
import { loadIngestTargetById } from './ingest-targets';
import {
  countInboundRequests,
  findInboundRequestDetail,
  selectEventLogOutcomes,
  selectInboundRequestPage,
} from './queries';
import { readEventType } from './read-event-type';
import { readInboundBody } from './read-inbound-body';
import { checkInboundSchema, recordAcceptedRequest } from './service';

export const UNVERIFIED_NOT_REPROCESSED =
  'Uma requisição que não passou na verificação não pode ser reprocessada: peça ao remetente que a reenvie';
export const INACTIVE_ROUTE_NOT_REPROCESSED = 'Rota inativa: ative-a para reprocessar';

/** The route's kept requests, newest first (readers of the route). */
export async function listInboundRequests(
  ctx: AppContext,
  user: SessionUser,
  routeId: string,
  query: TInboundRequestListQuery,
): Promise<TInboundRequestListResponse> {
  await requireAccess(ctx, user, routeAccess, routeId, 'read');
  const [rows, total] = await Promise.all([
    selectInboundRequestPage(ctx.db, routeId, query),
    countInboundRequests(ctx.db, routeId),
  ]);
  return { data: rows.map(toInboundRequestView), pagination: toPagination(query.page, query.limit, total) };
}

async function loadDetail(ctx: AppContext, id: string, canWrite: boolean): Promise<TInboundRequestDetail> {
  const found = await findInboundRequestDetail(ctx.db, id);
  if (!found) throw new Error(`inbound request ${id} vanished`);
  const { eventLogId, reprocessEventLogIds } = found.request;
  const eventLogs = await selectEventLogOutcomes(ctx.db, [
    ...(eventLogId ? [eventLogId] : []),
    ...reprocessEventLogIds,
  ]);
  return toInboundRequestDetailView(found.request, { routeName: found.routeName, eventLogs, canWrite });
}

export async function getInboundRequest(ctx: AppContext, user: SessionUser, id: string) {
  const { permissions } = await requireAccess(ctx, user, inboundRequestAccess, id, 'read');
  return loadDetail(ctx, id, permissions.canWrite);
}

/**
 * Runs the route's rules again on a kept request, as the route is now (its event type source and
 * event types): a new rules log, listed beside the earlier ones; the request keeps its status and
 * the log it led to when received. Only a verified request, on an active route, whose body and
 * event type can be read (422 saying why otherwise).
 */
export async function reprocessInboundRequest(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TInboundRequestDetail> {
  const { row } = await requireAccess(ctx, user, inboundRequestAccess, id, 'write');
  if (!row.isVerified) throw unprocessable(UNVERIFIED_NOT_REPROCESSED);
  const target = await loadIngestTargetById(ctx, row.routeId);
  if (!target?.isActive) throw unprocessable(INACTIVE_ROUTE_NOT_REPROCESSED);
  const body = readInboundBody(row.body, row.contentType ?? undefined, row.path.split('?')[1] ?? '');
  if (!body.isRead) throw unprocessable(body.reason);
  const eventType = readEventType(target.eventTypeFrom, row.headers, body.data, target.eventTypes);
  if ('reason' in eventType) throw unprocessable(eventType.reason);
  // Checked against the event type's schema as it is now: ENFORCE refuses a violation again.
  const schemaCheck = checkInboundSchema(target, eventType.alias, body.data);
  if (schemaCheck?.isRefused) throw schemaViolation(SCHEMA_VIOLATION_MESSAGE, schemaCheck.violations);
  const { eventLogId } = await recordAcceptedRequest(
    ctx,
    target,
    row,
    { data: body.data, alias: eventType.alias, deliveryId: row.deliveryId, isRepeat: true, schemaCheck },
    ctx.clock(),
  );
  if (eventLogId) await publishOrLeaveToSweep(ctx, { id: eventLogId, eventDefinitionId: null }, null);
  return loadDetail(ctx, id, true);
}
