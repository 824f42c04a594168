import {
  type EventLogStatus,
  MAX_EVENT_LOG_ATTEMPTS,
  type TEventLog,
  type TEventLogListQuery,
  type TEventLogListResponse,
  type TEventLogStats,
  type TReprocessBatchResponse,
} from '@wm/contracts';
import { and, count, desc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { deliveryLogs, eventLogs, events } from '../../db/schema';
import { conflict } from '../../domain/errors';
import { likePattern, pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { publishEventLog } from '../../pipeline/publish';
import { eventLogAccess, requireAccess, visibleWhere } from '../access';
import { toEventLogView } from './event-log-view';

const ONLY_FAILED = 'Apenas eventos com status FAILED podem ser reprocessados';
const ATTEMPTS_EXHAUSTED = 'Limite de tentativas atingido';

const isUuid = (term: string | undefined): term is string =>
  term !== undefined && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(term);

/**
 * The search covers event type, organization id and error message by ILIKE on the trigram index
 * `event_logs_search_idx`, and ids whole: the external id, and the log's or event's id.
 */
function listWhere(user: SessionUser, query: TEventLogListQuery, status?: EventLogStatus) {
  const search = query.search ? likePattern(query.search) : null;
  return and(
    visibleWhere(eventLogAccess, user),
    status ? eq(eventLogs.status, status) : undefined,
    query.organizationId ? ilike(eventLogs.organizationId, likePattern(query.organizationId)) : undefined,
    query.eventType ? ilike(eventLogs.eventType, likePattern(query.eventType)) : undefined,
    search
      ? or(
          ilike(eventLogs.eventType, search),
          ilike(eventLogs.organizationId, search),
          ilike(eventLogs.errorMessage, search),
          eq(eventLogs.externalEventId, query.search ?? ''),
          ...(isUuid(query.search)
            ? [eq(eventLogs.id, query.search), eq(eventLogs.eventId, query.search)]
            : []),
        )
      : undefined,
  );
}

/** A page of event logs, newest first, with counts per status over the whole filter. */
export async function listEventLogs(
  ctx: AppContext,
  user: SessionUser,
  query: TEventLogListQuery,
  options: { onlyFailed?: boolean } = {},
): Promise<TEventLogListResponse> {
  const where = listWhere(user, query, options.onlyFailed ? 'FAILED' : query.status);
  const [rows, byStatus] = await Promise.all([
    ctx.db
      .select()
      .from(eventLogs)
      .where(where)
      .orderBy(desc(eventLogs.createdAt), desc(eventLogs.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db
      .select({ status: eventLogs.status, total: count() })
      .from(eventLogs)
      .where(where)
      .groupBy(eventLogs.status),
  ]);
  const stats: TEventLogStats = { SUCCESS: 0, FAILED: 0, PENDING: 0, PROCESSING: 0 };
  let total = 0;
  for (const row of byStatus) {
    total += Number(row.total);
    if (row.status in stats) stats[row.status as EventLogStatus] = Number(row.total);
  }
  return { data: rows.map(toEventLogView), pagination: toPagination(query.page, query.limit, total), stats };
}

export async function getEventLog(ctx: AppContext, user: SessionUser, id: string): Promise<TEventLog> {
  const { row } = await requireAccess(ctx, user, eventLogAccess, id, 'read');
  return toEventLogView(row);
}

/**
 * Publishes a FAILED event log again (retryCount + 1, status PENDING), with a new round of
 * automatic retries. The
 * state change is one conditional UPDATE, so two concurrent reprocess calls
 * cannot both pass the limit.
 */
export async function reprocessEventLog(ctx: AppContext, user: SessionUser, id: string): Promise<TEventLog> {
  const { row: log } = await requireAccess(ctx, user, eventLogAccess, id, 'write');
  const [updated] = await ctx.db
    .update(eventLogs)
    .set({
      status: 'PENDING',
      retryCount: sql`${eventLogs.retryCount} + 1`,
      autoRetryCount: 0,
      errorMessage: null,
      processedAt: null,
      updatedAt: ctx.clock(),
    })
    .where(
      and(
        eq(eventLogs.id, id),
        eq(eventLogs.status, 'FAILED'),
        lt(eventLogs.retryCount, MAX_EVENT_LOG_ATTEMPTS),
      ),
    )
    .returning();
  if (!updated) {
    throw conflict(log.status === 'FAILED' ? ATTEMPTS_EXHAUSTED : ONLY_FAILED, {
      status: log.status,
      retryCount: log.retryCount,
    });
  }
  // Deliveries that failed finally are tried again by the consumer (they never become due for the delivery workers).
  await ctx.db
    .update(deliveryLogs)
    .set({ status: 'PENDING', nextAttemptAt: null, processedAt: null, updatedAt: ctx.clock() })
    .where(and(eq(deliveryLogs.occurrenceId, updated.eventId), eq(deliveryLogs.status, 'FAILED')));
  const [event] = updated.eventDefinitionId
    ? await ctx.db.select().from(events).where(eq(events.id, updated.eventDefinitionId)).limit(1)
    : [];
  await publishEventLog(ctx, updated, event ?? null);
  return toEventLogView(updated);
}

/** Reprocesses each id on its own; one that cannot be reprocessed counts as failed. */
export async function reprocessEventLogBatch(
  ctx: AppContext,
  user: SessionUser,
  ids: string[],
): Promise<TReprocessBatchResponse> {
  const stats = { succeeded: 0, failed: 0 };
  for (const id of new Set(ids)) {
    try {
      await reprocessEventLog(ctx, user, id);
      stats.succeeded += 1;
    } catch (error) {
      ctx.logger.debug({ err: error, eventLogId: id }, 'event log not reprocessed');
      stats.failed += 1;
    }
  }
  return { stats };
}
