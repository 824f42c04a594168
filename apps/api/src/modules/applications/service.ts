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
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, events, subscriptions, userApplications } from '../../db/schema';
import { insertedRow } from '../../db/sql-rows';
import { conflict, notFound } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { likePattern, pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { sealAuthDetails } from '../../lib/sealed-auth-details';
import { newSigningSecret } from '../../lib/signing-secret';
import {
  APPLICATION_NOT_FOUND,
  applicationAccess,
  eventAccess,
  FULL_PERMISSIONS,
  memberWhere,
  requireAccess,
  rowPermissions,
  subscriptionAccess,
  visibleWhere,
} from '../access';
import { countDeliveryLogs } from '../logs/count-delivery-logs';
import { apiKeyColumns, generateApiKey, revealApiKey } from './api-keys';
import { toApplicationView } from './application-view';

/** Related events shown on the detail; statistics count them all. */
const DETAIL_EVENT_LIMIT = 100;

function listWhere(user: SessionUser, query: TApplicationListQuery): SQL | undefined {
  return and(
    query.scope === 'discover' ? eq(applications.visibility, 'PUBLIC') : memberWhere(applicationAccess, user),
    query.search ? ilike(applications.name, likePattern(query.search)) : undefined,
  );
}

/** Events of the listed applications that `user` can see, per application. */
async function countVisibleEvents(ctx: AppContext, user: SessionUser, applicationIds: string[]) {
  if (applicationIds.length === 0) return new Map<string, number>();
  const rows = await ctx.db
    .select({ applicationId: events.applicationId, total: count() })
    .from(events)
    .where(and(inArray(events.applicationId, applicationIds), visibleWhere(eventAccess, user)))
    .groupBy(events.applicationId);
  return new Map(rows.map((row) => [row.applicationId, Number(row.total)]));
}

export async function listApplications(
  ctx: AppContext,
  user: SessionUser,
  query: TApplicationListQuery,
): Promise<TApplicationListResponse> {
  const where = listWhere(user, query);
  const [rows, [stats], [eventStats]] = await Promise.all([
    ctx.db
      .select({ application: applications, ...rowPermissions(applicationAccess, user) })
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        public: sql<number>`(count(*) FILTER (WHERE ${applications.visibility} = 'PUBLIC'))::int`,
        private: sql<number>`(count(*) FILTER (WHERE ${applications.visibility} = 'PRIVATE'))::int`,
      })
      .from(applications)
      .where(where),
    ctx.db
      .select({ total: count() })
      .from(events)
      .where(
        and(
          visibleWhere(eventAccess, user),
          sql`${events.applicationId} IN (SELECT ${applications.id} FROM ${applications}${where ? sql` WHERE ${where}` : sql``})`,
        ),
      ),
  ]);
  const eventCounts = await countVisibleEvents(
    ctx,
    user,
    rows.map((row) => row.application.id),
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
      events: Number(eventStats?.total ?? 0),
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
  const application = await ctx.db.transaction(async (tx) => {
    const row = await tx
      .insert(applications)
      .values({
        id,
        name: input.name,
        ...apiKeyColumns(ctx, apiKey),
        callbackSecret: ctx.cipher.seal(newSigningSecret()),
        visibility: 'PRIVATE',
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .then(insertedRow);
    await tx.insert(userApplications).values({
      userId: user.id,
      applicationId: id,
      isOwner: true,
      canRead: true,
      canWrite: true,
      canDelete: true,
      createdAt: now,
    });
    return row;
  });
  return { ...toApplicationView(ctx.cipher, application, FULL_PERMISSIONS, 0), apiKey };
}
/** The application's events and subscriptions that `user` can see. */
function visibleScope(user: SessionUser, applicationId: string) {
  const eventsWhere = and(eq(events.applicationId, applicationId), visibleWhere(eventAccess, user));
  const subscriptionsWhere = and(
    sql`${subscriptions.eventId} IN (SELECT ${events.id} FROM ${events} WHERE ${eventsWhere})`,
    visibleWhere(subscriptionAccess, user),
  );
  return { eventsWhere, subscriptionsWhere };
}

/** Subscriptions of each event that `user` can see. */
async function countVisibleSubscriptions(ctx: AppContext, user: SessionUser, eventIds: string[]) {
  if (eventIds.length === 0) return new Map<string, number>();
  const rows = await ctx.db
    .select({ eventId: subscriptions.eventId, total: count() })
    .from(subscriptions)
    .where(and(inArray(subscriptions.eventId, eventIds), visibleWhere(subscriptionAccess, user)))
    .groupBy(subscriptions.eventId);
  return new Map(rows.map((row) => [row.eventId, Number(row.total)]));
}

export async function getApplicationDetail(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TApplicationDetail> {
  const { row: application, permissions } = await requireAccess(ctx, user, applicationAccess, id, 'read');
  const { eventsWhere, subscriptionsWhere } = visibleScope(user, id);
  const [eventRows, [eventTotal], [subscriptionTotal], logTotal] = await Promise.all([
    ctx.db
      .select()
      .from(events)
      .where(eventsWhere)
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(DETAIL_EVENT_LIMIT),
    ctx.db.select({ value: count() }).from(events).where(eventsWhere),
    ctx.db.select({ value: count() }).from(subscriptions).where(subscriptionsWhere),
    countDeliveryLogs(ctx, subscriptionsWhere),
  ]);
  const subscriptionCounts = await countVisibleSubscriptions(
    ctx,
    user,
    eventRows.map((event) => event.id),
  );
  const totalEvents = Number(eventTotal?.value ?? 0);
  return {
    ...toApplicationView(ctx.cipher, application, permissions, totalEvents),
    statistics: {
      totalEvents,
      totalSubscriptions: Number(subscriptionTotal?.value ?? 0),
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
  const [row] = await ctx.db
    .select({ value: count() })
    .from(events)
    .where(eq(events.applicationId, applicationId));
  return Number(row?.value ?? 0);
}

export async function updateApplication(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateApplicationRequest,
): Promise<TApplicationListItem> {
  const { row: existing, permissions } = await requireAccess(ctx, user, applicationAccess, id, 'write');
  // New details, or a new type, are checked against the type the application ends with.
  const isAuthChange = isSent(input, 'callbackAuthType') || isSent(input, 'callbackAuthDetails');
  const auth = isAuthChange
    ? parseOrThrow(ZUpdateApplicationRequest, {
        callbackAuthType: input.callbackAuthType ?? existing.callbackAuthType,
        callbackAuthDetails: input.callbackAuthDetails ?? null,
      })
    : undefined;
  const [application] = await ctx.db
    .update(applications)
    .set({
      name: input.name,
      visibility: input.visibility,
      callbackUrl: input.callbackUrl,
      callbackAuthType: auth?.callbackAuthType,
      callbackAuthDetails: auth
        ? sealAuthDetails(
            ctx.cipher,
            normalizeAuthDetails(auth.callbackAuthType ?? 'NONE', auth.callbackAuthDetails),
          )
        : undefined,
      updatedAt: ctx.clock(),
    })
    .where(eq(applications.id, id))
    .returning();
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  return toApplicationView(ctx.cipher, application, permissions, await countEvents(ctx, id));
}

/** Events, subscriptions, occurrences and logs go with it (FK cascades), in one transaction. */
export async function deleteApplication(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, applicationAccess, id, 'delete');
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(applications).where(eq(applications.id, id));
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
  const [application] = await ctx.db
    .update(applications)
    .set({ ...apiKeyColumns(ctx, apiKey), updatedAt: ctx.clock() })
    .where(eq(applications.id, id))
    .returning();
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  return { ...toApplicationView(ctx.cipher, application, permissions, await countEvents(ctx, id)), apiKey };
}

export async function getApiKey(ctx: AppContext, user: SessionUser, id: string): Promise<TApiKeyResponse> {
  const { row: application } = await requireAccess(ctx, user, applicationAccess, id, 'write');
  return { apiKey: revealApiKey(ctx, application) };
}
