import {
  type TEvent,
  type TEventDetail,
  type TEventInput,
  type TEventListQuery,
  type TEventListResponse,
  type TUpdateEventRequest,
  ZCreateEventRequest,
} from '@wm/contracts';
import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, deliveryLogCounts, events, subscriptions } from '../../db/schema';
import { conflict } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { likePattern, pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import type { Cipher } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { openAuthDetails, sealAuthDetails } from '../../lib/sealed-auth-details';
import {
  applicationAccess,
  eventAccess,
  memberWhere,
  requireAccess,
  rowPermissions,
  subscriptionAccess,
  visibleWhere,
} from '../access';
import { toEventSubscriptionSummary } from './event-subscription-summary';
import { toEventView } from './event-view';

export const ALIAS_TAKEN = 'Já existe um evento com este alias nesta aplicação';

/** Subscriptions of the row's event that `user` can see (so counts never reveal others' subscriptions). */
const visibleSubscriptionCount = (user: SessionUser) => {
  const visible = visibleWhere(subscriptionAccess, user);
  return sql<number>`(SELECT count(*)::int FROM ${subscriptions} WHERE ${subscriptions.eventId} = ${events.id}${
    visible ? sql` AND ${visible}` : sql``
  })`;
};

function listWhere(user: SessionUser, query: TEventListQuery): SQL | undefined {
  return and(
    query.scope === 'discover' ? visibleWhere(eventAccess, user) : memberWhere(eventAccess, user),
    query.applicationId ? eq(events.applicationId, query.applicationId) : undefined,
    query.eventId ? eq(events.id, query.eventId) : undefined,
    query.status ? eq(events.status, query.status) : undefined,
    query.visibility ? eq(events.visibility, query.visibility) : undefined,
    query.search
      ? or(ilike(events.name, likePattern(query.search)), ilike(events.alias, likePattern(query.search)))
      : undefined,
  );
}

function selectEventRows(ctx: AppContext, user: SessionUser) {
  return ctx.db
    .select({
      event: events,
      applicationName: applications.name,
      subscriptionCount: visibleSubscriptionCount(user),
      ...rowPermissions(eventAccess, user),
    })
    .from(events)
    .innerJoin(applications, eq(applications.id, events.applicationId));
}

export async function listEvents(
  ctx: AppContext,
  user: SessionUser,
  query: TEventListQuery,
): Promise<TEventListResponse> {
  const where = listWhere(user, query);
  const [rows, [stats]] = await Promise.all([
    selectEventRows(ctx, user)
      .where(where)
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db
      .select({
        total: count(),
        active: sql<number>`count(*) FILTER (WHERE ${events.status} = 'ACTIVE')::int`,
        public: sql<number>`count(*) FILTER (WHERE ${events.visibility} = 'PUBLIC')::int`,
        private: sql<number>`count(*) FILTER (WHERE ${events.visibility} = 'PRIVATE')::int`,
      })
      .from(events)
      .where(where),
  ]);
  const total = Number(stats?.total ?? 0);
  return {
    data: rows.map((row) => toEventView(ctx.cipher, row.event, row)),
    pagination: toPagination(query.page, query.limit, total),
    stats: {
      total,
      active: Number(stats?.active ?? 0),
      public: Number(stats?.public ?? 0),
      private: Number(stats?.private ?? 0),
    },
  };
}

async function loadEventView(ctx: AppContext, user: SessionUser, id: string): Promise<TEvent> {
  const [row] = await selectEventRows(ctx, user).where(eq(events.id, id)).limit(1);
  if (!row) throw new Error(`event ${id} vanished`);
  return toEventView(ctx.cipher, row.event, row);
}

async function assertAliasFree(ctx: AppContext, applicationId: string, alias: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.applicationId, applicationId),
        eq(events.alias, alias),
        exceptId ? ne(events.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(ALIAS_TAKEN);
}

const columnsOf = (cipher: Cipher, input: TEventInput) => ({
  applicationId: input.applicationId,
  name: input.name,
  alias: input.alias,
  status: input.status,
  visibility: input.visibility,
  queueType: input.queueType,
  enableCallbacks: input.enableCallbacks,
  callbackUrl: input.callbackUrl,
  callbackAuthType: input.callbackAuthType,
  callbackAuthDetails: sealAuthDetails(cipher, input.callbackAuthDetails),
  bodyTemplate: input.bodyTemplate,
  delayBetweenSends: input.delayBetweenSends ?? null,
  messageTtl: input.messageTtl ?? null,
  maxRetries: input.maxRetries ?? null,
  priority: input.priority ?? null,
});

export async function createEvent(ctx: AppContext, user: SessionUser, input: TEventInput): Promise<TEvent> {
  await requireAccess(ctx, user, applicationAccess, input.applicationId, 'write');
  await assertAliasFree(ctx, input.applicationId, input.alias);
  const now = ctx.clock();
  const id = newId();
  try {
    await ctx.db
      .insert(events)
      .values({ id, ...columnsOf(ctx.cipher, input), createdBy: user.id, createdAt: now, updatedAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALIAS_TAKEN);
    throw error;
  }
  return loadEventView(ctx, user, id);
}

export async function getEventDetail(ctx: AppContext, user: SessionUser, id: string): Promise<TEventDetail> {
  await requireAccess(ctx, user, eventAccess, id, 'read');
  const visible = visibleWhere(subscriptionAccess, user);
  const [view, subscriptionRows, [deliveries]] = await Promise.all([
    loadEventView(ctx, user, id),
    ctx.db
      .select({ subscription: subscriptions, canWrite: rowPermissions(subscriptionAccess, user).canWrite })
      .from(subscriptions)
      .where(and(eq(subscriptions.eventId, id), visible))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)),
    // From the trigger-kept counters: no scan of the event's logs.
    ctx.db
      .select({
        total: sql<number>`coalesce(sum(${deliveryLogCounts.n}), 0)::bigint`,
        successful: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'SUCCESS'), 0)::bigint`,
        failed: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'FAILED'), 0)::bigint`,
        retrying: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'RETRYING'), 0)::bigint`,
        pending: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'PENDING'), 0)::bigint`,
        ignored: sql<number>`coalesce(sum(${deliveryLogCounts.n}) FILTER (WHERE ${deliveryLogCounts.status} = 'IGNORED'), 0)::bigint`,
      })
      .from(deliveryLogCounts)
      .innerJoin(subscriptions, eq(subscriptions.id, deliveryLogCounts.subscriptionId))
      .where(and(eq(subscriptions.eventId, id), visible)),
  ]);
  return {
    ...view,
    subscriptions: subscriptionRows.map((row) =>
      toEventSubscriptionSummary(ctx.cipher, row.subscription, row.canWrite),
    ),
    statistics: {
      totalSubscriptions: subscriptionRows.length,
      activeSubscriptions: subscriptionRows.filter((row) => row.subscription.status === 'ACTIVE').length,
      totalDeliveries: Number(deliveries?.total ?? 0),
      successfulDeliveries: Number(deliveries?.successful ?? 0),
      failedDeliveries: Number(deliveries?.failed ?? 0),
      retryingDeliveries: Number(deliveries?.retrying ?? 0),
      pendingDeliveries: Number(deliveries?.pending ?? 0),
      ignoredDeliveries: Number(deliveries?.ignored ?? 0),
    },
  };
}

/**
 * PUT semantics: absent fields keep their value, null clears. A body that sets
 * enableCallbacks or callbackAuthType without the dependent fields clears them
 * (the console omits empty fields). The merged event is then validated whole.
 */
function mergeEvent(cipher: Cipher, existing: typeof events.$inferSelect, input: TUpdateEventRequest) {
  const has = (key: keyof TUpdateEventRequest) => isSent(input, key);
  const callbacksOff = input.enableCallbacks === false;
  return {
    applicationId: input.applicationId ?? existing.applicationId,
    name: input.name ?? existing.name,
    alias: input.alias ?? existing.alias,
    visibility: input.visibility ?? existing.visibility,
    status: input.status ?? existing.status,
    queueType: input.queueType ?? existing.queueType,
    enableCallbacks: input.enableCallbacks ?? existing.enableCallbacks,
    callbackUrl:
      has('callbackUrl') || has('enableCallbacks') ? (input.callbackUrl ?? null) : existing.callbackUrl,
    callbackAuthType: callbacksOff ? 'NONE' : (input.callbackAuthType ?? existing.callbackAuthType),
    callbackAuthDetails:
      has('callbackAuthDetails') || has('callbackAuthType') || callbacksOff
        ? (input.callbackAuthDetails ?? null)
        : openAuthDetails(cipher, existing.callbackAuthDetails),
    bodyTemplate: has('bodyTemplate') ? input.bodyTemplate : existing.bodyTemplate,
    delayBetweenSends: has('delayBetweenSends') ? input.delayBetweenSends : existing.delayBetweenSends,
    messageTtl: has('messageTtl') ? input.messageTtl : existing.messageTtl,
    maxRetries: has('maxRetries') ? input.maxRetries : existing.maxRetries,
    priority: has('priority') ? input.priority : existing.priority,
  };
}

export async function updateEvent(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateEventRequest,
): Promise<TEvent> {
  const { row: existing } = await requireAccess(ctx, user, eventAccess, id, 'write');
  const merged = parseOrThrow(ZCreateEventRequest, mergeEvent(ctx.cipher, existing, input));
  if (merged.applicationId !== existing.applicationId) {
    await requireAccess(ctx, user, applicationAccess, merged.applicationId, 'write');
  }
  await assertAliasFree(ctx, merged.applicationId, merged.alias, id);
  try {
    await ctx.db
      .update(events)
      .set({ ...columnsOf(ctx.cipher, merged), updatedAt: ctx.clock() })
      .where(eq(events.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALIAS_TAKEN);
    throw error;
  }
  return loadEventView(ctx, user, id);
}

/** Subscriptions, occurrences, delivery and event logs go with the event (ON DELETE CASCADE). */
export async function deleteEvent(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, eventAccess, id, 'delete');
  await ctx.db.delete(events).where(eq(events.id, id));
}
