import {
  type TEvent,
  type TEventDetail,
  type TEventInput,
  type TEventListQuery,
  type TEventListResponse,
  type TUpdateEventRequest,
  ZCreateEventRequest,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { CHANGE_CHANNELS, commitChange } from '../../db/change-channel';
import type { events } from '../../db/schema';
import { refuseDuplicate } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { refusePrivateTarget } from '../../domain/target-url';
import { parseOrThrow } from '../../domain/validation';
import type { Cipher } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { openAuthDetails, sealAuthDetails } from '../../lib/sealed-auth-details';
import { applicationAccess, eventAccess, requireAccess } from '../access';
import { toEventSubscriptionSummary } from './event-subscription-summary';
import { toEventView } from './event-view';
import {
  countEventDeliveries,
  countEventStats,
  deleteEventRow,
  eventListWhere,
  findEventRow,
  insertEvent,
  listVisibleEventSubscriptions,
  selectEventPage,
  updateEventColumns,
} from './queries';

export const ALIAS_TAKEN = 'Já existe um evento com este alias nesta aplicação';

export async function listEvents(
  ctx: AppContext,
  user: SessionUser,
  query: TEventListQuery,
): Promise<TEventListResponse> {
  const where = eventListWhere(user, query);
  const [rows, stats] = await Promise.all([
    selectEventPage(ctx.db, user, where, query),
    countEventStats(ctx.db, where),
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
  const row = await findEventRow(ctx.db, user, id);
  if (!row) throw new Error(`event ${id} vanished`);
  return toEventView(ctx.cipher, row.event, row);
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
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, input.callbackUrl, 'callbackUrl');
  const now = ctx.clock();
  const id = newId();
  await refuseDuplicate(ALIAS_TAKEN, () =>
    commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) =>
      insertEvent(tx, {
        id,
        ...columnsOf(ctx.cipher, input),
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      }),
    ),
  );
  return loadEventView(ctx, user, id);
}

export async function getEventDetail(ctx: AppContext, user: SessionUser, id: string): Promise<TEventDetail> {
  await requireAccess(ctx, user, eventAccess, id, 'read');
  const [view, subscriptionRows, deliveries] = await Promise.all([
    loadEventView(ctx, user, id),
    listVisibleEventSubscriptions(ctx.db, user, id),
    countEventDeliveries(ctx.db, user, id),
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
  if (isSent(input, 'callbackUrl')) {
    await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, merged.callbackUrl, 'callbackUrl');
  }
  await refuseDuplicate(ALIAS_TAKEN, () =>
    commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) =>
      updateEventColumns(tx, id, { ...columnsOf(ctx.cipher, merged), updatedAt: ctx.clock() }),
    ),
  );
  return loadEventView(ctx, user, id);
}

/** Subscriptions, occurrences, delivery and event logs go with the event (ON DELETE CASCADE). */
export async function deleteEvent(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, eventAccess, id, 'delete');
  await commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) => deleteEventRow(tx, id));
}
