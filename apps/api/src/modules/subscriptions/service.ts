import {
  keepWriteOnlyAuthFields,
  type TSubscription,
  type TSubscriptionInput,
  type TSubscriptionListQuery,
  type TSubscriptionListResponse,
  type TUpdateSubscriptionRequest,
  ZSubscriptionAuth,
} from '@wm/contracts';
import { newWebhookSecret } from '@wm/standard-webhooks';
import type { AppContext } from '../../context';
import { CHANGE_CHANNELS, commitChange } from '../../db/change-channel';
import { type Caller, isConsumerScope } from '../../domain/consumer-scope';
import { notFound } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { toPagination } from '../../domain/pagination';
import { refusePrivateTarget } from '../../domain/target-url';
import { parseOrThrow } from '../../domain/validation';
import { newId } from '../../lib/ids';
import { openAuthDetails, sealAuthDetails } from '../../lib/sealed-auth-details';
import { EVENT_NOT_FOUND, eventAccess, requireAccess, subscriptionAccess } from '../access';
import { prepareClientTls } from './client-tls';
import {
  countSubscriptionStats,
  deleteSubscriptionRow,
  findSubscriptionRow,
  insertSubscription,
  selectSubscriptionPage,
  subscriptionListWhere,
  updateSubscriptionColumns,
} from './queries';
import { toSubscriptionView } from './subscription-view';

export async function listSubscriptions(
  ctx: AppContext,
  user: Caller,
  query: TSubscriptionListQuery,
): Promise<TSubscriptionListResponse> {
  const where = subscriptionListWhere(user, query);
  const [rows, stats] = await Promise.all([
    selectSubscriptionPage(ctx.db, user, where, query),
    countSubscriptionStats(ctx.db, where),
  ]);
  const total = Number(stats?.total ?? 0);
  const active = Number(stats?.active ?? 0);
  return {
    data: rows.map((row) => toSubscriptionView(ctx.cipher, row.subscription, row.event, row, row.circuit)),
    pagination: toPagination(query.page, query.limit, total),
    stats: { total, active, inactive: total - active, attempts: Number(stats?.attempts ?? 0) },
  };
}

async function loadSubscriptionView(ctx: AppContext, user: Caller, id: string): Promise<TSubscription> {
  const row = await findSubscriptionRow(ctx.db, user, id);
  if (!row) throw new Error(`subscription ${id} vanished`);
  return toSubscriptionView(ctx.cipher, row.subscription, row.event, row, row.circuit);
}

/** Any signed-in user who can read the event may subscribe to it (PUBLIC events of PUBLIC applications: everyone). */
export async function createSubscription(
  ctx: AppContext,
  user: Caller,
  input: TSubscriptionInput,
): Promise<TSubscription> {
  await requireAccess(ctx, user, eventAccess, input.eventId, 'read');
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, input.targetUrl, 'targetUrl');
  await refuseOAuth2PrivateTokenUrl(ctx, input.authType, input.authDetails);
  const now = ctx.clock();
  const id = newId();
  await commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) =>
    insertSubscription(tx, {
      id,
      eventId: input.eventId,
      name: input.name,
      status: input.status,
      targetUrl: input.targetUrl,
      httpMethod: input.httpMethod,
      authType: input.authType,
      authDetails: sealAuthDetails(ctx.cipher, input.authDetails),
      clientTls: input.clientTls ? prepareClientTls(ctx.cipher, input.clientTls, now) : null,
      jsonBody: input.jsonBody ?? null,
      filters: input.filters,
      rateLimitPerSecond: input.rateLimitPerSecond ?? null,
      maxInFlight: input.maxInFlight ?? null,
      fifoOnFailure: input.fifoOnFailure,
      secret: ctx.cipher.seal(newWebhookSecret()),
      ...ownerColumns(user),
      createdAt: now,
      updatedAt: now,
    }),
  );
  return loadSubscriptionView(ctx, user, id);
}

/** An OAuth2 token URL passes the same private-address checks as a target. */
async function refuseOAuth2PrivateTokenUrl(
  ctx: AppContext,
  authType: string,
  details: Record<string, string> | null | undefined,
) {
  if (authType !== 'OAUTH2_CLIENT_CREDENTIALS' || !details?.tokenUrl) return;
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, details.tokenUrl, 'authDetails.tokenUrl');
}

/** A consumer's subscription belongs to the application (nobody's own); a user's, to its creator. */
const ownerColumns = (user: Caller) =>
  isConsumerScope(user)
    ? { createdBy: null, consumerApplicationId: user.applicationId, consumerId: user.consumerId }
    : { createdBy: user.id };

export async function getSubscription(ctx: AppContext, user: Caller, id: string): Promise<TSubscription> {
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
  user: Caller,
  id: string,
  input: TUpdateSubscriptionRequest & { jsonBody?: unknown },
): Promise<TSubscription> {
  const { row: existing } = await requireAccess(ctx, user, subscriptionAccess, id, 'write');
  if (input.eventId && input.eventId !== existing.eventId) {
    const { row: event } = await requireAccess(ctx, user, eventAccess, input.eventId, 'read');
    // A consumer's subscriptions stay on its application's events.
    if (existing.consumerApplicationId && event.applicationId !== existing.consumerApplicationId) {
      throw notFound(EVENT_NOT_FOUND);
    }
  }
  const has = (key: keyof TUpdateSubscriptionRequest) => isSent(input, key);
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, input.targetUrl, 'targetUrl');
  const stored = openAuthDetails(ctx.cipher, existing.authDetails);
  const auth = parseOrThrow(ZSubscriptionAuth, {
    authType: input.authType ?? existing.authType,
    authDetails:
      has('authDetails') || has('authType') ? keepWriteOnlyAuthFields(input.authDetails, stored) : stored,
  });
  await refuseOAuth2PrivateTokenUrl(ctx, auth.authType, auth.authDetails);
  const clientTls = input.clientTls
    ? prepareClientTls(ctx.cipher, input.clientTls, ctx.clock())
    : input.clientTls;
  await commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) =>
    updateSubscriptionColumns(tx, id, {
      ...(isReactivation(existing.status, input.status) ? REACTIVATED : {}),
      eventId: input.eventId,
      name: input.name,
      targetUrl: input.targetUrl,
      status: input.status,
      httpMethod: input.httpMethod,
      authType: auth.authType,
      authDetails: sealAuthDetails(ctx.cipher, auth.authDetails),
      clientTls: has('clientTls') ? (clientTls ?? null) : undefined,
      jsonBody: has('jsonBody') ? (input.jsonBody ?? null) : undefined,
      filters: has('filters') ? ((input.filters as TSubscription['filters'] | null) ?? []) : undefined,
      rateLimitPerSecond: has('rateLimitPerSecond') ? (input.rateLimitPerSecond ?? null) : undefined,
      maxInFlight: has('maxInFlight') ? (input.maxInFlight ?? null) : undefined,
      fifoOnFailure: input.fifoOnFailure,
      updatedAt: ctx.clock(),
    }),
  );
  return loadSubscriptionView(ctx, user, id);
}

/** Delivery logs and attempts of the subscription go with it (ON DELETE CASCADE). */
export async function deleteSubscription(ctx: AppContext, user: Caller, id: string) {
  await requireAccess(ctx, user, subscriptionAccess, id, 'delete');
  await commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) => deleteSubscriptionRow(tx, id));
}

/** The old secret stops verifying at once; receivers must take the new one. */
export async function rotateSubscriptionSecret(
  ctx: AppContext,
  user: Caller,
  id: string,
): Promise<TSubscription> {
  await requireAccess(ctx, user, subscriptionAccess, id, 'write');
  await commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) =>
    updateSubscriptionColumns(tx, id, {
      secret: ctx.cipher.seal(newWebhookSecret()),
      updatedAt: ctx.clock(),
    }),
  );
  return loadSubscriptionView(ctx, user, id);
}
