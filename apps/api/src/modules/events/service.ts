import {
  type TEvent,
  type TEventDetail,
  type TEventInput,
  type TEventListQuery,
  type TEventListResponse,
  type TEventSchemaChange,
  type TEventSchemaVersionList,
  type TUpdateEventRequest,
  ZCreateEventRequest,
} from '@wm/contracts';
import { findBreakingChanges } from '@wm/rules';
import type { AppContext } from '../../context';
import { CHANGE_CHANNELS, commitChange } from '../../db/change-channel';
import type { events } from '../../db/schema';
import { refuseDuplicate } from '../../domain/errors';
import { checkEventSchema, isSameJson } from '../../domain/event-schema';
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
  addSchemaVersion,
  countEventDeliveries,
  countEventStats,
  deleteEventRow,
  eventListWhere,
  findEventRow,
  insertEvent,
  listSchemaVersions,
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
  schema: input.schema,
  examples: input.examples,
  schemaValidation: input.schemaValidation,
});

/**
 * Within the write's transaction: when the schema differs from `previous`, keeps it as the event's
 * next version and answers the change (what the new schema refuses that the previous accepted; a
 * new event has no previous payloads to refuse).
 */
async function recordSchemaChange(
  tx: Parameters<typeof addSchemaVersion>[0],
  change: {
    eventId: string;
    isNewEvent: boolean;
    previous: Record<string, unknown> | null;
    next: Record<string, unknown> | null;
  },
  user: SessionUser,
  now: Date,
): Promise<TEventSchemaChange | undefined> {
  if (isSameJson(change.previous, change.next)) return undefined;
  const { breaking, changes } = change.isNewEvent
    ? { breaking: false, changes: [] }
    : findBreakingChanges(change.previous, change.next);
  const version = await addSchemaVersion(tx, {
    eventId: change.eventId,
    schema: change.next,
    breaking,
    changes,
    createdBy: user.id,
    createdAt: now,
  });
  return { version, breaking, changes };
}

export async function createEvent(ctx: AppContext, user: SessionUser, input: TEventInput): Promise<TEvent> {
  await requireAccess(ctx, user, applicationAccess, input.applicationId, 'write');
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, input.callbackUrl, 'callbackUrl');
  if (input.schema) checkEventSchema(input.schema, input.examples);
  const now = ctx.clock();
  const id = newId();
  const schemaChange = await refuseDuplicate(ALIAS_TAKEN, () =>
    commitChange(ctx, CHANGE_CHANNELS.emitTargets, async (tx) => {
      await insertEvent(tx, {
        id,
        ...columnsOf(ctx.cipher, input),
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      });
      return recordSchemaChange(
        tx,
        { eventId: id, isNewEvent: true, previous: null, next: input.schema },
        user,
        now,
      );
    }),
  );
  return withSchemaChange(await loadEventView(ctx, user, id), schemaChange);
}

const withSchemaChange = (view: TEvent, schemaChange: TEventSchemaChange | undefined): TEvent =>
  schemaChange ? { ...view, schemaChange } : view;

/** GET /events/{id}/schemas: every schema the event has had, newest first, to whoever may read it. */
export async function listEventSchemaVersions(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TEventSchemaVersionList> {
  await requireAccess(ctx, user, eventAccess, id, 'read');
  const rows = await listSchemaVersions(ctx.db, id);
  return {
    data: rows.map((row) => ({
      version: row.version,
      schema: row.schema,
      breaking: row.breaking,
      changes: row.changes,
      createdAt: row.createdAt.toISOString(),
    })),
  };
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
    schema: has('schema') ? input.schema : existing.schema,
    examples: has('examples') ? input.examples : existing.examples,
    schemaValidation: input.schemaValidation ?? existing.schemaValidation,
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
  if (merged.schema && (isSent(input, 'schema') || isSent(input, 'examples'))) {
    checkEventSchema(merged.schema, merged.examples);
  }
  const now = ctx.clock();
  const schemaChange = await refuseDuplicate(ALIAS_TAKEN, () =>
    commitChange(ctx, CHANGE_CHANNELS.emitTargets, async (tx) => {
      await updateEventColumns(tx, id, { ...columnsOf(ctx.cipher, merged), updatedAt: now });
      return recordSchemaChange(
        tx,
        { eventId: id, isNewEvent: false, previous: existing.schema, next: merged.schema },
        user,
        now,
      );
    }),
  );
  return withSchemaChange(await loadEventView(ctx, user, id), schemaChange);
}

/** Subscriptions, occurrences, delivery and event logs go with the event (ON DELETE CASCADE). */
export async function deleteEvent(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, eventAccess, id, 'delete');
  await commitChange(ctx, CHANGE_CHANNELS.emitTargets, (tx) => deleteEventRow(tx, id));
}
