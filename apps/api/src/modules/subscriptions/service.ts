import {
  type TSubscription,
  type TSubscriptionInput,
  type TSubscriptionListQuery,
  type TSubscriptionListResponse,
  type TUpdateSubscriptionRequest,
  ZSubscriptionAuth,
} from '@wm/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { events, subscriptions } from '../../db/schema';
import { isSent } from '../../domain/is-sent';
import { likePattern, pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { newId } from '../../lib/ids';
import { openAuthDetails, sealAuthDetails } from '../../lib/sealed-auth-details';
import { newSigningSecret } from '../../lib/signing-secret';
import { eventAccess, requireAccess, rowPermissions, subscriptionAccess, visibleWhere } from '../access';
import { toSubscriptionView } from './subscription-view';

function listWhere(user: SessionUser, query: TSubscriptionListQuery): SQL | undefined {
  return and(
    visibleWhere(subscriptionAccess, user),
    query.eventId ? eq(subscriptions.eventId, query.eventId) : undefined,
    query.applicationId ? eq(events.applicationId, query.applicationId) : undefined,
    query.status ? eq(subscriptions.status, query.status) : undefined,
    query.search
      ? or(
          ilike(subscriptions.name, likePattern(query.search)),
          ilike(subscriptions.targetUrl, likePattern(query.search)),
        )
      : undefined,
  );
}

function selectSubscriptionRows(ctx: AppContext, user: SessionUser) {
  return ctx.db
    .select({
      subscription: subscriptions,
      event: { id: events.id, name: events.name, alias: events.alias, applicationId: events.applicationId },
      ...rowPermissions(subscriptionAccess, user),
    })
    .from(subscriptions)
    .innerJoin(events, eq(events.id, subscriptions.eventId));
}

export async function listSubscriptions(
  ctx: AppContext,
  user: SessionUser,
  query: TSubscriptionListQuery,
): Promise<TSubscriptionListResponse> {
  const where = listWhere(user, query);
  const [rows, [stats]] = await Promise.all([
    selectSubscriptionRows(ctx, user)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db
      .select({
        total: count(),
        active: sql<number>`count(*) FILTER (WHERE ${subscriptions.status} = 'ACTIVE')::int`,
        attempts: sql<number>`coalesce(sum(${subscriptions.attempts}), 0)::int`,
      })
      .from(subscriptions)
      .innerJoin(events, eq(events.id, subscriptions.eventId))
      .where(where),
  ]);
  const total = Number(stats?.total ?? 0);
  const active = Number(stats?.active ?? 0);
  return {
    data: rows.map((row) => toSubscriptionView(ctx.cipher, row.subscription, row.event, row)),
    pagination: toPagination(query.page, query.limit, total),
    stats: { total, active, inactive: total - active, attempts: Number(stats?.attempts ?? 0) },
  };
}

async function loadSubscriptionView(ctx: AppContext, user: SessionUser, id: string): Promise<TSubscription> {
  const [row] = await selectSubscriptionRows(ctx, user).where(eq(subscriptions.id, id)).limit(1);
  if (!row) throw new Error(`subscription ${id} vanished`);
  return toSubscriptionView(ctx.cipher, row.subscription, row.event, row);
}

/** Any signed-in user who can read the event may subscribe to it (PUBLIC events of PUBLIC applications: everyone). */
export async function createSubscription(
  ctx: AppContext,
  user: SessionUser,
  input: TSubscriptionInput,
): Promise<TSubscription> {
  await requireAccess(ctx, user, eventAccess, input.eventId, 'read');
  const now = ctx.clock();
  const id = newId();
  await ctx.db.insert(subscriptions).values({
    id,
    eventId: input.eventId,
    name: input.name,
    status: input.status,
    targetUrl: input.targetUrl,
    httpMethod: input.httpMethod,
    authType: input.authType,
    authDetails: sealAuthDetails(ctx.cipher, input.authDetails),
    jsonBody: input.jsonBody ?? null,
    filters: input.filters,
    secret: ctx.cipher.seal(newSigningSecret()),
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
  });
  return loadSubscriptionView(ctx, user, id);
}

export async function getSubscription(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TSubscription> {
  await requireAccess(ctx, user, subscriptionAccess, id, 'read');
  return loadSubscriptionView(ctx, user, id);
}

/** Leaving FAILED (or any status change) starts the failure count afresh and forgets why it was disabled. */
const isReactivation = (current: string, next: string | undefined) =>
  next !== undefined && next !== current && next !== 'FAILED';
const REACTIVATED = { consecutiveFailures: 0, disabledReason: null, disabledAt: null };

/** PUT semantics: absent fields keep their value; null clears; a new auth type without details clears them. */
export async function updateSubscription(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateSubscriptionRequest & { jsonBody?: unknown },
): Promise<TSubscription> {
  const { row: existing } = await requireAccess(ctx, user, subscriptionAccess, id, 'write');
  if (input.eventId && input.eventId !== existing.eventId) {
    await requireAccess(ctx, user, eventAccess, input.eventId, 'read');
  }
  const has = (key: keyof TUpdateSubscriptionRequest) => isSent(input, key);
  const auth = parseOrThrow(ZSubscriptionAuth, {
    authType: input.authType ?? existing.authType,
    authDetails:
      has('authDetails') || has('authType')
        ? input.authDetails
        : openAuthDetails(ctx.cipher, existing.authDetails),
  });
  await ctx.db
    .update(subscriptions)
    .set({
      ...(isReactivation(existing.status, input.status) ? REACTIVATED : {}),
      eventId: input.eventId,
      name: input.name,
      targetUrl: input.targetUrl,
      status: input.status,
      httpMethod: input.httpMethod,
      authType: auth.authType,
      authDetails: sealAuthDetails(ctx.cipher, auth.authDetails),
      jsonBody: has('jsonBody') ? (input.jsonBody ?? null) : undefined,
      filters: has('filters') ? ((input.filters as TSubscription['filters'] | null) ?? []) : undefined,
      updatedAt: ctx.clock(),
    })
    .where(eq(subscriptions.id, id));
  return loadSubscriptionView(ctx, user, id);
}

/** Delivery logs and attempts of the subscription go with it (ON DELETE CASCADE). */
export async function deleteSubscription(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, subscriptionAccess, id, 'delete');
  await ctx.db.delete(subscriptions).where(eq(subscriptions.id, id));
}

/** The old secret stops verifying at once; receivers must take the new one. */
export async function rotateSubscriptionSecret(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TSubscription> {
  await requireAccess(ctx, user, subscriptionAccess, id, 'write');
  await ctx.db
    .update(subscriptions)
    .set({ secret: ctx.cipher.seal(newSigningSecret()), updatedAt: ctx.clock() })
    .where(eq(subscriptions.id, id));
  return loadSubscriptionView(ctx, user, id);
}
