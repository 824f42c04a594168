import type {
  EventLogStatus,
  TEventLog,
  TEventLogDetail,
  TEventLogListQuery,
  TEventLogListResponse,
  TEventLogStats,
  TReprocessBatchResponse,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../domain/errors';
import { toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { publishEventLog } from '../../pipeline/publish';
import { EVENT_LOG_NOT_FOUND, eventLogAccess, requireAccess } from '../access';
import { toEventLogDetailView, toEventLogView } from './event-log-view';
import {
  countEventLogsByStatus,
  eventLogListWhere,
  findEvent,
  findEventLog,
  markEventLogForReprocess,
  reopenFailedDeliveries,
  selectEventLogPage,
} from './queries';

const ONLY_FAILED = 'Apenas eventos com status FAILED podem ser reprocessados';
const ATTEMPTS_EXHAUSTED = 'Limite de tentativas atingido';

/** A page of event logs, newest first, with counts per status over the whole filter. */
export async function listEventLogs(
  ctx: AppContext,
  user: SessionUser,
  query: TEventLogListQuery,
  options: { onlyFailed?: boolean } = {},
): Promise<TEventLogListResponse> {
  const where = eventLogListWhere(user, query, options.onlyFailed ? 'FAILED' : query.status);
  const [rows, byStatus] = await Promise.all([
    selectEventLogPage(ctx.db, where, query),
    countEventLogsByStatus(ctx.db, where),
  ]);
  const stats: TEventLogStats = { SUCCESS: 0, FAILED: 0, PENDING: 0, PROCESSING: 0 };
  let total = 0;
  for (const row of byStatus) {
    total += Number(row.total);
    if (row.status in stats) stats[row.status as EventLogStatus] = Number(row.total);
  }
  return { data: rows.map(toEventLogView), pagination: toPagination(query.page, query.limit, total), stats };
}

/** One event log; a POST /emit-rules log with why each candidate rule fired or not (members only, as every event log). */
export async function getEventLog(ctx: AppContext, user: SessionUser, id: string): Promise<TEventLogDetail> {
  await requireAccess(ctx, user, eventLogAccess, id, 'read');
  const row = await findEventLog(ctx.db, id);
  // Deleted since the access check (its application went).
  if (!row) throw notFound(EVENT_LOG_NOT_FOUND);
  return toEventLogDetailView(row);
}

/**
 * Publishes a FAILED event log again (retryCount + 1, status PENDING), with a new round of
 * automatic retries. The
 * state change is one conditional UPDATE, so two concurrent reprocess calls
 * cannot both pass the limit.
 */
export async function reprocessEventLog(ctx: AppContext, user: SessionUser, id: string): Promise<TEventLog> {
  const { row: log } = await requireAccess(ctx, user, eventLogAccess, id, 'write');
  const updated = await markEventLogForReprocess(ctx.db, id, ctx.clock());
  if (!updated) {
    throw conflict(log.status === 'FAILED' ? ATTEMPTS_EXHAUSTED : ONLY_FAILED, {
      status: log.status,
      retryCount: log.retryCount,
    });
  }
  // Deliveries that failed finally are tried again by the consumer.
  await reopenFailedDeliveries(ctx.db, updated.eventId, ctx.clock());
  const event = updated.eventDefinitionId ? await findEvent(ctx.db, updated.eventDefinitionId) : undefined;
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
