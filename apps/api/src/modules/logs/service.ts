import type {
  TDeliveryLogDetail,
  TDeliveryLogListItem,
  TDeliveryLogListQuery,
  TDeliveryLogListResponse,
  TDeliveryLogStats,
  TSkipDeliveryRequest,
  TSkipDeliveryResponse,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { notifyDeliveryWorkers } from '../../delivery/wake';
import type { Caller } from '../../domain/consumer-scope';
import { conflict, notFound } from '../../domain/errors';
import { toPagination } from '../../domain/pagination';
import { DELIVERY_LOG_NOT_FOUND, deliveryLogAccess, requireAccess } from '../access';
import {
  countDeliveryLogsByStatus,
  deliveryLogListWhere,
  findSubscriptionStatus,
  findVisibleDeliveryLog,
  type ListRow,
  listDeliveryAttempts,
  markFailedFifoDeliverySkipped,
  requeueFailedDeliveryLog,
  searchSubscriptionIds,
  selectDeliveryLogPage,
} from './queries';

const toListItem = (row: ListRow): TDeliveryLogListItem => ({
  id: row.log.id,
  status: row.log.status as TDeliveryLogListItem['status'],
  httpStatusCode: row.log.httpStatusCode,
  createdAt: row.log.createdAt.toISOString(),
  processedAt: row.log.processedAt?.toISOString() ?? null,
  lastAttemptAt: row.log.lastAttemptAt === null ? null : new Date(row.log.lastAttemptAt).toISOString(),
  attemptCount: row.log.attemptCount,
  orderingKey: row.log.orderingKey,
  isWaitingForPrevious: row.log.isWaitingForPrevious,
  skippedAt: row.log.skippedAt?.toISOString() ?? null,
  skipReason: row.log.skipReason,
  subscription: {
    ...row.subscription,
    status: row.subscription.status as TDeliveryLogListItem['subscription']['status'],
    event: row.event,
  },
  permissions: { canWrite: row.canWrite },
});

const NO_LOGS: TDeliveryLogStats = { SUCCESS: 0, FAILED: 0, PENDING: 0, RETRYING: 0, IGNORED: 0 };

/** Delivery logs visible to `user` (as subscriptions are), newest first, with counts per status over the filter. */
export async function listDeliveryLogs(
  ctx: AppContext,
  user: Caller,
  query: TDeliveryLogListQuery,
): Promise<TDeliveryLogListResponse> {
  const searchedIds = query.search ? await searchSubscriptionIds(ctx.db, user, query) : null;
  if (searchedIds?.length === 0) {
    return { data: [], pagination: toPagination(query.page, query.limit, 0), stats: { ...NO_LOGS } };
  }
  const where = deliveryLogListWhere(ctx.db, user, query, searchedIds);
  const [rows, counts] = await Promise.all([
    selectDeliveryLogPage(ctx.db, user, where, query),
    countDeliveryLogsByStatus(ctx.db, user, query, where),
  ]);
  const stats: TDeliveryLogStats = { ...NO_LOGS };
  for (const entry of counts) {
    if (entry.status in stats) stats[entry.status as keyof TDeliveryLogStats] = Number(entry.total ?? 0);
  }
  const total = Object.values(stats).reduce((acc, value) => acc + value, 0);
  return {
    data: rows.map(toListItem),
    pagination: toPagination(query.page, query.limit, total),
    stats,
  };
}

export async function getDeliveryLog(ctx: AppContext, user: Caller, id: string): Promise<TDeliveryLogDetail> {
  const row = await findVisibleDeliveryLog(ctx.db, user, id);
  if (!row) throw notFound(DELIVERY_LOG_NOT_FOUND);
  const attempts = await listDeliveryAttempts(ctx.db, id);
  return {
    ...toListItem(row),
    responseBody: row.detail.responseBody,
    // Subscribers outside the emitting application never read the emitter's header values.
    errorMessage: row.isMember
      ? row.detail.errorMessage
      : (row.detail.outsiderErrorMessage ?? row.detail.errorMessage),
    eventDataReceived: row.bodies.eventDataReceived,
    payloadSent: row.bodies.payloadSent,
    nextAttemptAt: row.detail.nextAttemptAt?.toISOString() ?? null,
    occurrenceId: row.detail.occurrenceId,
    schemaVersion: row.schemaVersion,
    schemaViolations: row.schemaViolations ?? [],
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      attemptNumber: attempt.attemptNumber,
      startedAt: attempt.startedAt.toISOString(),
      durationMs: attempt.durationMs,
      httpStatusCode: attempt.httpStatusCode,
      errorMessage: attempt.errorMessage,
      responseBody: attempt.responseBody,
    })),
  };
}

export const SUBSCRIPTION_NOT_ACTIVE_FOR_RETRY =
  'A assinatura está inativa ou desativada: ative-a antes de reenviar';

/**
 * Re-queues a FAILED delivery, due now; any other status is a conflict, and so is a subscription
 * that no worker would deliver to (INACTIVE or FAILED). Needs edit rights on the subscription.
 */
export async function retryDelivery(ctx: AppContext, user: Caller, id: string) {
  const { row: log } = await requireAccess(ctx, user, deliveryLogAccess, id, 'write');
  const subscriptionStatus = await findSubscriptionStatus(ctx.db, log.subscriptionId);
  if (subscriptionStatus === 'INACTIVE' || subscriptionStatus === 'FAILED') {
    throw conflict(SUBSCRIPTION_NOT_ACTIVE_FOR_RETRY);
  }
  const now = ctx.clock();
  const updated = await requeueFailedDeliveryLog(ctx.db, id, now);
  if (updated.length === 0) throw conflict('Apenas entregas com falha (FAILED) podem ser reenviadas');
  notifyDeliveryWorkers(ctx);
  return { id, status: 'PENDING' as const, message: 'O webhook será reenviado em breve.' };
}

export const SKIP_ONLY_FIFO = 'Apenas entregas de eventos FIFO podem ser puladas';
export const SKIP_ONLY_FAILED =
  'Apenas entregas FIFO com falha (FAILED) e ainda não puladas podem ser puladas';

/**
 * Passes over a FAILED FIFO delivery: it stays FAILED, marked skipped with the reason, and the key
 * it held (on a HOLD subscription) moves on to the next delivery. Needs edit rights on the subscription.
 */
export async function skipDelivery(
  ctx: AppContext,
  user: Caller,
  id: string,
  input: TSkipDeliveryRequest,
): Promise<TSkipDeliveryResponse> {
  const { row: log } = await requireAccess(ctx, user, deliveryLogAccess, id, 'write');
  if (log.orderingKey === null) throw conflict(SKIP_ONLY_FIFO);
  const now = ctx.clock();
  const updated = await markFailedFifoDeliverySkipped(ctx.db, id, input.reason, now);
  if (updated.length === 0) throw conflict(SKIP_ONLY_FAILED);
  notifyDeliveryWorkers(ctx);
  return {
    id,
    skippedAt: now.toISOString(),
    skipReason: input.reason,
    message: 'Entrega pulada: as próximas da mesma chave seguem.',
  };
}
