import type {
  TApiKeyResponse,
  TApplicationDetail,
  TApplicationListItem,
  TApplicationListQuery,
  TApplicationListResponse,
  TApplicationWithKey,
  TCreateApplicationRequest,
  TUpdateApplicationRequest,
} from '@wm/contracts';
import { normalizeAuthDetails, ZUpdateApplicationRequest } from '@wm/contracts';
import { newWebhookSecret } from '@wm/standard-webhooks';
import type { AppContext } from '../../context';
import { CHANGE_CHANNELS, commitChange } from '../../db/change-channel';
import { conflict, notFound } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { refusePrivateTarget } from '../../domain/target-url';
import { parseOrThrow } from '../../domain/validation';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { sealAuthDetails } from '../../lib/sealed-auth-details';
import { APPLICATION_NOT_FOUND, applicationAccess, FULL_PERMISSIONS, requireAccess } from '../access';
import { countDeliveryLogs } from '../logs/queries';
import { apiKeyColumns, generateApiKey, revealApiKey } from './api-keys';
import { toApplicationView } from './application-view';
import { sealOutboundProxy } from './outbound-proxy-setting';
import {
  applicationListWhere,
  countApplicationEvents,
  countApplicationStats,
  countEventsWhere,
  countSubscriptionsWhere,
  countVisibleEventsOfMatching,
  countVisibleEventsPerApplication,
  countVisibleSubscriptionsPerEvent,
  deleteApplicationRow,
  insertApplication,
  insertOwner,
  listNewestEvents,
  selectApplicationPage,
  updateApplicationColumns,
  visibleApplicationScope,
} from './queries';

/** Related events shown on the detail; statistics count them all. */
const DETAIL_EVENT_LIMIT = 100;

/** Per-key totals of grouped count rows; a key without a row counts 0 where it is read. */
const totalsBy = <Row extends { total: number }>(rows: Row[], keyOf: (row: Row) => string) =>
  new Map(rows.map((row) => [keyOf(row), Number(row.total)]));

export async function listApplications(
  ctx: AppContext,
  user: SessionUser,
  query: TApplicationListQuery,
): Promise<TApplicationListResponse> {
  const where = applicationListWhere(user, query);
  const [rows, stats, eventTotal] = await Promise.all([
    selectApplicationPage(ctx.db, user, where, query),
    countApplicationStats(ctx.db, where),
    countVisibleEventsOfMatching(ctx.db, user, where),
  ]);
  const eventCounts = totalsBy(
    await countVisibleEventsPerApplication(
      ctx.db,
      user,
      rows.map((row) => row.application.id),
    ),
    (row) => row.applicationId,
  );
  const total = Number(stats?.total ?? 0);
  return {
    data: rows.map(({ application, ...permissions }) =>
      toApplicationView(
        ctx.cipher,
        application,
        { ...permissions, canRead: true },
        eventCounts.get(application.id) ?? 0,
      ),
    ),
    pagination: toPagination(query.page, query.limit, total),
    stats: {
      total,
      public: Number(stats?.public ?? 0),
      private: Number(stats?.private ?? 0),
      events: Number(eventTotal ?? 0),
    },
  };
}

/** The creator becomes owner; the answer carries the full key, the only time besides reveal. */
export async function createApplication(
  ctx: AppContext,
  user: SessionUser,
  input: TCreateApplicationRequest,
): Promise<TApplicationWithKey> {
  const apiKey = generateApiKey();
  const now = ctx.clock();
  const id = newId();
  const application = await commitChange(ctx, CHANGE_CHANNELS.emitTargets, async (tx) => {
    const row = await insertApplication(tx, {
      id,
      name: input.name,
      ...apiKeyColumns(ctx, apiKey),
      callbackSecret: ctx.cipher.seal(newWebhookSecret()),
      visibility: 'PRIVATE',
      ...(input.portal ? { portalSettings: input.portal } : {}),
      createdBy: user.id,
      createdAt: now,
      updatedAt: now,
    });
    await insertOwner(tx, id, user.id, now);
    return row;
  });
  return { ...toApplicationView(ctx.cipher, application, FULL_PERMISSIONS, 0), apiKey };
}
export async function getApplicationDetail(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TApplicationDetail> {
  const { row: application, permissions } = await requireAccess(ctx, user, applicationAccess, id, 'read');
  const { eventsWhere, subscriptionsWhere } = visibleApplicationScope(user, id);
  const [eventRows, eventTotal, subscriptionTotal, logTotal] = await Promise.all([
    listNewestEvents(ctx.db, eventsWhere, DETAIL_EVENT_LIMIT),
    countEventsWhere(ctx.db, eventsWhere),
    countSubscriptionsWhere(ctx.db, subscriptionsWhere),
    countDeliveryLogs(ctx.db, subscriptionsWhere),
  ]);
  const subscriptionCounts = totalsBy(
    await countVisibleSubscriptionsPerEvent(
      ctx.db,
      user,
      eventRows.map((event) => event.id),
    ),
    (row) => row.eventId,
  );
  const totalEvents = Number(eventTotal ?? 0);
  return {
    ...toApplicationView(ctx.cipher, application, permissions, totalEvents),
    statistics: {
      totalEvents,
      totalSubscriptions: Number(subscriptionTotal ?? 0),
      totalLogs: logTotal,
    },
    events: eventRows.map((event) => ({
      id: event.id,
      name: event.name,
      alias: event.alias,
      status: event.status,
      visibility: event.visibility,
      queueType: event.queueType,
      createdAt: event.createdAt.toISOString(),
      _count: { subscriptions: subscriptionCounts.get(event.id) ?? 0 },
    })),
  };
}

async function countEvents(ctx: AppContext, applicationId: string) {
  return Number((await countApplicationEvents(ctx.db, applicationId)) ?? 0);
}

export async function updateApplication(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateApplicationRequest,
): Promise<TApplicationListItem> {
  const { row: existing, permissions } = await requireAccess(ctx, user, applicationAccess, id, 'write');
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, input.callbackUrl, 'callbackUrl');
  // A proxy on a private address would let the application reach the internal network through it.
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, input.outboundProxy?.url, 'outboundProxy.url');
  // New details, or a new type, are checked against the type the application ends with.
  const isAuthChange = isSent(input, 'callbackAuthType') || isSent(input, 'callbackAuthDetails');
  const auth = isAuthChange
    ? parseOrThrow(ZUpdateApplicationRequest, {
        callbackAuthType: input.callbackAuthType ?? existing.callbackAuthType,
        callbackAuthDetails: input.callbackAuthDetails ?? null,
      })
    : undefined;
  const application = await updateApplicationColumns(ctx.db, id, {
    name: input.name,
    visibility: input.visibility,
    callbackUrl: input.callbackUrl,
    portalSettings: input.portal,
    outboundProxy:
      input.outboundProxy === undefined
        ? undefined
        : sealOutboundProxy(ctx.cipher, input.outboundProxy, existing.outboundProxy ?? null),
    callbackAuthType: auth?.callbackAuthType,
    callbackAuthDetails: auth
      ? sealAuthDetails(
          ctx.cipher,
          normalizeAuthDetails(auth.callbackAuthType ?? 'NONE', auth.callbackAuthDetails),
        )
      : undefined,
    updatedAt: ctx.clock(),
  });
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  return toApplicationView(ctx.cipher, application, permissions, await countEvents(ctx, id));
}

/** Events, subscriptions, occurrences and logs go with it (FK cascades), in one transaction. */
export async function deleteApplication(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, applicationAccess, id, 'delete');
  try {
    await commitChange(ctx, CHANGE_CHANNELS.emitTargets, async (tx) => {
      await deleteApplicationRow(tx, id);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw conflict('A aplicação ainda possui registros vinculados e não pode ser removida');
    }
    throw error;
  }
}

/** A new key replaces the old one at once: lookups go by hash, and the old hash is gone. */
export async function regenerateApiKey(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TApplicationWithKey> {
  const { permissions } = await requireAccess(ctx, user, applicationAccess, id, 'owner');
  const apiKey = generateApiKey();
  const application = await commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) =>
    updateApplicationColumns(tx, id, { ...apiKeyColumns(ctx, apiKey), updatedAt: ctx.clock() }),
  );
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  return { ...toApplicationView(ctx.cipher, application, permissions, await countEvents(ctx, id)), apiKey };
}

export async function getApiKey(ctx: AppContext, user: SessionUser, id: string): Promise<TApiKeyResponse> {
  const { row: application } = await requireAccess(ctx, user, applicationAccess, id, 'write');
  return { apiKey: revealApiKey(ctx, application) };
}
