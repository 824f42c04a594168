import type {
  TDeliveryLogDetail,
  TDeliveryLogListItem,
  TDeliveryLogListQuery,
  TDeliveryLogListResponse,
  TDeliveryLogStats,
} from '@wm/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sum } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { deliveryAttempts, deliveryLogCounts, deliveryLogs, events, subscriptions } from '../../db/schema';
import { notifyDeliveryWorkers } from '../../delivery/wake';
import { conflict, notFound } from '../../domain/errors';
import { likePattern, pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import {
  DELIVERY_LOG_NOT_FOUND,
  deliveryLogAccess,
  memberColumn,
  requireAccess,
  subscriptionAccess,
  visibleWhere,
} from '../access';

const listColumns = {
  log: {
    id: deliveryLogs.id,
    status: deliveryLogs.status,
    httpStatusCode: deliveryLogs.httpStatusCode,
    createdAt: deliveryLogs.createdAt,
    processedAt: deliveryLogs.processedAt,
    attemptCount: deliveryLogs.attemptCount,
  },
  subscription: {
    id: subscriptions.id,
    name: subscriptions.name,
    status: subscriptions.status,
    targetUrl: subscriptions.targetUrl,
    httpMethod: subscriptions.httpMethod,
    authType: subscriptions.authType,
  },
  event: { id: events.id, name: events.name, alias: events.alias },
};

type ListRow = {
  log: {
    id: string;
    status: string;
    httpStatusCode: number | null;
    createdAt: Date;
    processedAt: Date | null;
    attemptCount: number;
  };
  subscription: {
    id: string;
    name: string;
    status: string;
    targetUrl: string;
    httpMethod: string;
    authType: string;
  };
  event: { id: string; name: string; alias: string };
};

const toListItem = (row: ListRow): TDeliveryLogListItem => ({
  id: row.log.id,
  status: row.log.status as TDeliveryLogListItem['status'],
  httpStatusCode: row.log.httpStatusCode,
  createdAt: row.log.createdAt.toISOString(),
  processedAt: row.log.processedAt?.toISOString() ?? null,
  attemptCount: row.log.attemptCount,
  subscription: {
    ...row.subscription,
    status: row.subscription.status as TDeliveryLogListItem['subscription']['status'],
    event: row.event,
  },
});

/** Conditions on the subscription (and its event) a log belongs to: visibility, search, ids. */
function subscriptionScope(
  user: SessionUser,
  query: TDeliveryLogListQuery,
  withIds: boolean,
): SQL | undefined {
  const pattern = query.search ? likePattern(query.search) : null;
  return and(
    visibleWhere(subscriptionAccess, user),
    withIds && query.subscriptionId ? eq(subscriptions.id, query.subscriptionId) : undefined,
    withIds && query.eventId ? eq(subscriptions.eventId, query.eventId) : undefined,
    pattern
      ? or(
          ilike(subscriptions.name, pattern),
          ilike(subscriptions.targetUrl, pattern),
          ilike(events.name, pattern),
          ilike(events.alias, pattern),
        )
      : undefined,
  );
}

function scopedSubscriptionIds(ctx: AppContext, scope: SQL) {
  return ctx.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(events, eq(events.id, subscriptions.eventId))
    .where(scope);
}

/** A date-only end bound includes that whole day. */
const endBound = (value: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);

/** The filter on delivery_logs alone (visibility and search as a semi-join), so the log indexes serve it. */
function listWhere(ctx: AppContext, user: SessionUser, query: TDeliveryLogListQuery): SQL | undefined {
  const scope = subscriptionScope(user, query, false);
  return and(
    scope ? inArray(deliveryLogs.subscriptionId, scopedSubscriptionIds(ctx, scope)) : undefined,
    query.subscriptionId ? eq(deliveryLogs.subscriptionId, query.subscriptionId) : undefined,
    query.eventId ? eq(deliveryLogs.eventId, query.eventId) : undefined,
    query.startDate ? gte(deliveryLogs.createdAt, new Date(query.startDate)) : undefined,
    query.endDate ? lte(deliveryLogs.createdAt, endBound(query.endDate)) : undefined,
    query.status ? eq(deliveryLogs.status, query.status) : undefined,
  );
}

/**
 * Counts per status over the filter. Without a date range they come from the
 * trigger-kept counters (no scan of the logs); with one, from the logs' indexes.
 */
async function countByStatus(
  ctx: AppContext,
  user: SessionUser,
  query: TDeliveryLogListQuery,
  where: SQL | undefined,
) {
  if (query.startDate || query.endDate) {
    return ctx.db
      .select({ status: deliveryLogs.status, total: count() })
      .from(deliveryLogs)
      .where(where)
      .groupBy(deliveryLogs.status);
  }
  const scope = subscriptionScope(user, query, true);
  return ctx.db
    .select({ status: deliveryLogCounts.status, total: sum(deliveryLogCounts.n) })
    .from(deliveryLogCounts)
    .where(
      and(
        scope ? inArray(deliveryLogCounts.subscriptionId, scopedSubscriptionIds(ctx, scope)) : undefined,
        query.status ? eq(deliveryLogCounts.status, query.status) : undefined,
      ),
    )
    .groupBy(deliveryLogCounts.status);
}

/** Delivery logs visible to `user` (as subscriptions are), newest first, with counts per status over the filter. */
export async function listDeliveryLogs(
  ctx: AppContext,
  user: SessionUser,
  query: TDeliveryLogListQuery,
): Promise<TDeliveryLogListResponse> {
  const where = listWhere(ctx, user, query);
  const [rows, counts] = await Promise.all([
    ctx.db
      .select(listColumns)
      .from(deliveryLogs)
      .innerJoin(subscriptions, eq(subscriptions.id, deliveryLogs.subscriptionId))
      .innerJoin(events, eq(events.id, subscriptions.eventId))
      .where(where)
      .orderBy(desc(deliveryLogs.createdAt), desc(deliveryLogs.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    countByStatus(ctx, user, query, where),
  ]);
  const stats: TDeliveryLogStats = { SUCCESS: 0, FAILED: 0, PENDING: 0, RETRYING: 0, IGNORED: 0 };
  for (const entry of counts) {
    if (entry.status in stats) stats[entry.status as keyof TDeliveryLogStats] = Number(entry.total ?? 0);
  }
  const total = Object.values(stats).reduce((acc, value) => acc + value, 0);
  return {
    data: (rows as ListRow[]).map(toListItem),
    pagination: toPagination(query.page, query.limit, total),
    stats,
  };
}

async function findVisibleLog(ctx: AppContext, user: SessionUser, id: string) {
  const [row] = await ctx.db
    .select({ ...listColumns, detail: deliveryLogs, isMember: memberColumn(deliveryLogAccess, user) })
    .from(deliveryLogs)
    .innerJoin(subscriptions, eq(subscriptions.id, deliveryLogs.subscriptionId))
    .innerJoin(events, eq(events.id, subscriptions.eventId))
    .where(and(eq(deliveryLogs.id, id), visibleWhere(deliveryLogAccess, user)))
    .limit(1);
  if (!row) throw notFound(DELIVERY_LOG_NOT_FOUND);
  return row;
}

export async function getDeliveryLog(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TDeliveryLogDetail> {
  const row = await findVisibleLog(ctx, user, id);
  const attempts = await ctx.db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryLogId, id))
    .orderBy(asc(deliveryAttempts.attemptNumber), asc(deliveryAttempts.startedAt));
  return {
    ...toListItem(row as ListRow),
    responseBody: row.detail.responseBody,
    // Subscribers outside the emitting application never read the emitter's header values.
    errorMessage: row.isMember
      ? row.detail.errorMessage
      : (row.detail.outsiderErrorMessage ?? row.detail.errorMessage),
    eventDataReceived: row.detail.eventDataReceived,
    payloadSent: row.detail.payloadSent,
    nextAttemptAt: row.detail.nextAttemptAt?.toISOString() ?? null,
    occurrenceId: row.detail.occurrenceId,
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
export async function retryDelivery(ctx: AppContext, user: SessionUser, id: string) {
  const { row: log } = await requireAccess(ctx, user, deliveryLogAccess, id, 'write');
  const [subscription] = await ctx.db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.id, log.subscriptionId));
  if (subscription?.status === 'INACTIVE' || subscription?.status === 'FAILED') {
    throw conflict(SUBSCRIPTION_NOT_ACTIVE_FOR_RETRY);
  }
  const now = ctx.clock();
  const updated = await ctx.db
    .update(deliveryLogs)
    .set({
      status: 'PENDING',
      nextAttemptAt: now,
      leaseUntil: null,
      leasedBy: null,
      processedAt: null,
      updatedAt: now,
    })
    .where(and(eq(deliveryLogs.id, id), eq(deliveryLogs.status, 'FAILED')))
    .returning({ id: deliveryLogs.id });
  if (updated.length === 0) throw conflict('Apenas entregas com falha (FAILED) podem ser reenviadas');
  notifyDeliveryWorkers(ctx);
  return { id, status: 'PENDING' as const, message: 'O webhook será reenviado em breve.' };
}
