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
import { and, count, desc, eq, ilike, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, deliveryLogs, events, subscriptions, userApplications } from '../../db/schema';
import type { SessionUser } from '../../http/auth';
import { conflict } from '../../http/errors';
import { likePattern, pageOffset, toPagination } from '../../http/pagination';
import { newId } from '../../lib/ids';
import { hasReadingMembership, permissionsFromMembership, requireApplicationAccess } from '../access/service';
import { apiKeyColumns, generateApiKey, revealApiKey } from './api-keys';
import { toApplicationView } from './application-view';

/** Related events shown on the detail; statistics count them all. */
const DETAIL_EVENT_LIMIT = 100;

const callerLink = (user: SessionUser) =>
  and(
    eq(userApplications.applicationId, applications.id),
    eq(userApplications.userId, user.id),
    hasReadingMembership,
  );

/**
 * Events of the current application row the caller can see: all for members
 * and admins, PUBLIC ones for everyone else (the list left-joins the caller's link).
 */
function visibleEventCount(user: SessionUser): SQL<number> {
  const scope = user.isAdmin
    ? sql``
    : sql` AND ("user_applications"."user_id" IS NOT NULL OR e.visibility = 'PUBLIC')`;
  return sql<number>`(SELECT count(*)::int FROM events e WHERE e.application_id = "applications"."id"${scope})`;
}

function listWhere(user: SessionUser, query: TApplicationListQuery): SQL | undefined {
  return and(
    query.scope === 'discover'
      ? eq(applications.visibility, 'PUBLIC')
      : user.isAdmin
        ? undefined
        : isNotNull(userApplications.userId),
    query.search ? ilike(applications.name, likePattern(query.search)) : undefined,
  );
}

export async function listApplications(
  ctx: AppContext,
  user: SessionUser,
  query: TApplicationListQuery,
): Promise<TApplicationListResponse> {
  const where = listWhere(user, query);
  const eventCount = visibleEventCount(user);
  const [rows, [stats]] = await Promise.all([
    ctx.db
      .select({ application: applications, link: userApplications, eventCount })
      .from(applications)
      .leftJoin(userApplications, callerLink(user))
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        public: sql<number>`(count(*) FILTER (WHERE ${applications.visibility} = 'PUBLIC'))::int`,
        private: sql<number>`(count(*) FILTER (WHERE ${applications.visibility} = 'PRIVATE'))::int`,
        events: sql<number>`coalesce(sum(${eventCount}), 0)::int`,
      })
      .from(applications)
      .leftJoin(userApplications, callerLink(user))
      .where(where),
  ]);
  const total = Number(stats?.total ?? 0);
  return {
    data: rows.map((row) =>
      toApplicationView(row.application, permissionsFromMembership(user, row.link), row.eventCount),
    ),
    pagination: toPagination(query.page, query.limit, total),
    stats: {
      total,
      public: Number(stats?.public ?? 0),
      private: Number(stats?.private ?? 0),
      events: Number(stats?.events ?? 0),
    },
  };
}

const OWNER = { isOwner: true, canRead: true, canWrite: true, canDelete: true };

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
    const [row] = await tx
      .insert(applications)
      .values({
        id,
        name: input.name,
        ...apiKeyColumns(ctx, apiKey),
        visibility: 'PRIVATE',
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
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
  return { ...toApplicationView(application, permissionsFromMembership(user, OWNER), 0), apiKey };
}
/** Non-members of a PUBLIC application see its PUBLIC events and only the subscriptions they created. */
function visibleScope(user: SessionUser, applicationId: string, isMember: boolean) {
  const eventsWhere = and(
    eq(events.applicationId, applicationId),
    isMember ? undefined : eq(events.visibility, 'PUBLIC'),
  );
  const subscriptionsWhere = and(
    sql`${subscriptions.eventId} IN (SELECT ${events.id} FROM ${events} WHERE ${eventsWhere})`,
    isMember ? undefined : eq(subscriptions.createdBy, user.id),
  );
  return { eventsWhere, subscriptionsWhere };
}

export async function getApplicationDetail(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TApplicationDetail> {
  const { application, permissions, isMember } = await requireApplicationAccess(ctx, user, id, 'read');
  const { eventsWhere, subscriptionsWhere } = visibleScope(user, id, isMember);
  // Explicit names: drizzle leaves columns unqualified in single-table selects, which a correlated subquery would capture.
  const subscriptionCount = sql<number>`(SELECT count(*)::int FROM subscriptions s WHERE s.event_id = "events"."id"${isMember ? sql`` : sql` AND s.created_by = ${user.id}`})`;
  const [eventRows, [eventTotal], [subscriptionTotal], [logTotal]] = await Promise.all([
    ctx.db
      .select({ event: events, subscriptionCount })
      .from(events)
      .where(eventsWhere)
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(DETAIL_EVENT_LIMIT),
    ctx.db.select({ value: count() }).from(events).where(eventsWhere),
    ctx.db.select({ value: count() }).from(subscriptions).where(subscriptionsWhere),
    ctx.db
      .select({ value: count() })
      .from(deliveryLogs)
      .where(
        sql`${deliveryLogs.subscriptionId} IN (SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${subscriptionsWhere})`,
      ),
  ]);
  const totalEvents = Number(eventTotal?.value ?? 0);
  return {
    ...toApplicationView(application, permissions, totalEvents),
    statistics: {
      totalEvents,
      totalSubscriptions: Number(subscriptionTotal?.value ?? 0),
      totalLogs: Number(logTotal?.value ?? 0),
    },
    events: eventRows.map(({ event, subscriptionCount }) => ({
      id: event.id,
      name: event.name,
      alias: event.alias,
      status: event.status,
      visibility: event.visibility,
      queueType: event.queueType,
      createdAt: event.createdAt.toISOString(),
      _count: { subscriptions: Number(subscriptionCount) },
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
  const { permissions } = await requireApplicationAccess(ctx, user, id, 'write');
  const [application] = await ctx.db
    .update(applications)
    .set({
      name: input.name,
      visibility: input.visibility,
      callbackUrl: input.callbackUrl,
      callbackAuthType: input.callbackAuthType,
      callbackAuthDetails: input.callbackAuthDetails,
      updatedAt: ctx.clock(),
    })
    .where(eq(applications.id, id))
    .returning();
  return toApplicationView(application, permissions, await countEvents(ctx, id));
}

function isForeignKeyViolation(error: unknown) {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23503';
}

/** Events, subscriptions, occurrences and logs go with it (FK cascades), in one transaction. */
export async function deleteApplication(ctx: AppContext, user: SessionUser, id: string) {
  await requireApplicationAccess(ctx, user, id, 'delete');
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
  const { permissions } = await requireApplicationAccess(ctx, user, id, 'owner');
  const apiKey = generateApiKey();
  const [application] = await ctx.db
    .update(applications)
    .set({ ...apiKeyColumns(ctx, apiKey), updatedAt: ctx.clock() })
    .where(eq(applications.id, id))
    .returning();
  return { ...toApplicationView(application, permissions, await countEvents(ctx, id)), apiKey };
}

export async function getApiKey(ctx: AppContext, user: SessionUser, id: string): Promise<TApiKeyResponse> {
  const { application } = await requireApplicationAccess(ctx, user, id, 'write');
  return { apiKey: revealApiKey(ctx, application) };
}
