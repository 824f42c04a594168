import type {
  TConsumerListQuery,
  TConsumerListResponse,
  TSubscription,
  TSubscriptionInput,
  TSubscriptionListQuery,
  TSubscriptionListResponse,
  TUpdateSubscriptionRequest,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import type { ConsumerScope } from '../../domain/consumer-scope';
import { unauthorized } from '../../domain/errors';
import { toPagination } from '../../domain/pagination';
import { applicationInternalAccess, requireAccess } from '../access';
import type { Emitter } from '../emit/emit-input';
import { checkApiKey } from '../emit-rules/service';
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  updateSubscription,
} from '../subscriptions/service';
import { countConsumers, selectConsumerPage } from './queries';

/** Who manages an application's consumers: its API key, or a signed-in member with write access. */
export type ConsumerManager = Emitter;

/**
 * Checks that `manager` may manage the application's consumers (404 for an outsider, 403 for a
 * member without write access or another application's key, 401 for an unknown key).
 */
export async function requireConsumerManager(
  ctx: AppContext,
  manager: ConsumerManager,
  applicationId: string,
) {
  if (manager.apiKeyHash !== undefined) return checkApiKey(ctx, applicationId, manager.apiKeyHash);
  if (!manager.user) throw unauthorized('Envie a chave de API em x-api-key ou um token de sessão');
  await requireAccess(ctx, manager.user, applicationInternalAccess, applicationId, 'write');
}

/** One consumer of one application, as a route names it. */
export type ConsumerTarget = { applicationId: string; consumerId: string };

/** The consumer as its managers act for it: every event of the application, writes allowed. */
async function openManagerScope(
  ctx: AppContext,
  manager: ConsumerManager,
  applicationId: string,
  consumerId: string,
): Promise<ConsumerScope> {
  await requireConsumerManager(ctx, manager, applicationId);
  return { kind: 'consumer', applicationId, consumerId, eventAliases: null, isReadOnly: false };
}

export async function listConsumerSubscriptions(
  ctx: AppContext,
  manager: ConsumerManager,
  target: ConsumerTarget,
  query: TSubscriptionListQuery,
): Promise<TSubscriptionListResponse> {
  const scope = await openManagerScope(ctx, manager, target.applicationId, target.consumerId);
  return listSubscriptions(ctx, scope, query);
}

export async function createConsumerSubscription(
  ctx: AppContext,
  manager: ConsumerManager,
  target: ConsumerTarget,
  input: TSubscriptionInput,
): Promise<TSubscription> {
  const scope = await openManagerScope(ctx, manager, target.applicationId, target.consumerId);
  return createSubscription(ctx, scope, input);
}

/** Absent fields keep their value; another consumer's or application's subscription answers 404. */
export async function updateConsumerSubscription(
  ctx: AppContext,
  manager: ConsumerManager,
  target: ConsumerTarget,
  subscriptionId: string,
  input: TUpdateSubscriptionRequest,
): Promise<TSubscription> {
  const scope = await openManagerScope(ctx, manager, target.applicationId, target.consumerId);
  return updateSubscription(ctx, scope, subscriptionId, input);
}

export async function deleteConsumerSubscription(
  ctx: AppContext,
  manager: ConsumerManager,
  target: ConsumerTarget,
  subscriptionId: string,
) {
  const scope = await openManagerScope(ctx, manager, target.applicationId, target.consumerId);
  await deleteSubscription(ctx, scope, subscriptionId);
}

/** The application's consumers (those with at least one subscription), by id. */
export async function listConsumers(
  ctx: AppContext,
  manager: ConsumerManager,
  applicationId: string,
  query: TConsumerListQuery,
): Promise<TConsumerListResponse> {
  await requireConsumerManager(ctx, manager, applicationId);
  const [rows, total] = await Promise.all([
    selectConsumerPage(ctx.db, applicationId, query),
    countConsumers(ctx.db, applicationId, query),
  ]);
  return { data: rows, pagination: toPagination(query.page, query.limit, total) };
}
