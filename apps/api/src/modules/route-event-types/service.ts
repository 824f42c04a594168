import {
  ROUTE_EVENT_TYPE_ALIAS_TAKEN,
  type TRouteChildListQuery,
  type TRouteEventTypeDetail,
  type TRouteEventTypeInput,
  type TUpdateRouteEventTypeRequest,
  ZCreateRouteEventTypeRequest,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { CHANGE_CHANNELS, commitChange } from '../../db/change-channel';
import { refuseDuplicate } from '../../domain/errors';
import { checkEventSchema, isSameJson } from '../../domain/event-schema';
import { isSent } from '../../domain/is-sent';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { newId } from '../../lib/ids';
import { requireAccess, routeAccess, routeEventTypeAccess } from '../access';
import { toRouteEventTypeView } from '../routes/route-view';
import {
  deleteRouteEventTypeRow,
  findRouteEventTypeRow,
  insertRouteEventType,
  listVisibleRouteEventTypes,
  type RouteEventTypeRow,
  updateRouteEventTypeColumns,
  updateRuleConditionTypes,
} from './queries';

const toDetail = (row: RouteEventTypeRow): TRouteEventTypeDetail => ({
  ...toRouteEventTypeView(row.eventType, row),
  route: row.route,
  _count: { rules: Number(row.ruleCount) },
});

async function loadDetail(ctx: AppContext, user: SessionUser, id: string) {
  const row = await findRouteEventTypeRow(ctx.db, user, id);
  if (!row) throw new Error(`route event type ${id} vanished`);
  return toDetail(row);
}

/** The event types of a route (or of every route the caller may see), oldest first. */
export async function listRouteEventTypes(
  ctx: AppContext,
  user: SessionUser,
  query: TRouteChildListQuery,
): Promise<TRouteEventTypeDetail[]> {
  if (query.routeId) await requireAccess(ctx, user, routeAccess, query.routeId, 'read');
  const rows = await listVisibleRouteEventTypes(ctx.db, user, query.routeId);
  return rows.map(toDetail);
}

export async function getRouteEventType(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeEventTypeAccess, id, 'read');
  return loadDetail(ctx, user, id);
}

const aliasUnique = <T>(write: () => Promise<T>) => refuseDuplicate(ROUTE_EVENT_TYPE_ALIAS_TAKEN, write);

export async function createRouteEventType(
  ctx: AppContext,
  user: SessionUser,
  input: TRouteEventTypeInput,
): Promise<TRouteEventTypeDetail> {
  await requireAccess(ctx, user, routeAccess, input.routeId, 'write');
  if (input.schema) checkEventSchema(input.schema, input.examples);
  const now = ctx.clock();
  const id = newId();
  // A new event type changes what a route's ingest URL accepts: its caches are told.
  await aliasUnique(() =>
    commitChange(ctx, CHANGE_CHANNELS.rules, (tx) =>
      insertRouteEventType(tx, {
        id,
        routeId: input.routeId,
        name: input.name,
        alias: input.alias,
        description: input.description,
        isActive: input.isActive,
        schema: input.schema,
        examples: input.examples,
        schemaValidation: input.schemaValidation,
        schemaVersion: input.schema ? 1 : null,
        createdAt: now,
        updatedAt: now,
      }),
    ),
  );
  return loadDetail(ctx, user, id);
}

/**
 * PUT semantics: absent fields keep their value. A new alias becomes the condition type of the
 * rules on this event type, in the same transaction, so they keep listening to it.
 */
export async function updateRouteEventType(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateRouteEventTypeRequest,
): Promise<TRouteEventTypeDetail> {
  const { row: existing } = await requireAccess(ctx, user, routeEventTypeAccess, id, 'write');
  const merged = parseOrThrow(ZCreateRouteEventTypeRequest, {
    routeId: existing.routeId,
    name: input.name ?? existing.name,
    alias: input.alias ?? existing.alias,
    description: isSent(input, 'description') ? input.description : existing.description,
    isActive: input.isActive ?? existing.isActive,
    schema: isSent(input, 'schema') ? input.schema : existing.schema,
    examples: isSent(input, 'examples') ? input.examples : existing.examples,
    schemaValidation: input.schemaValidation ?? existing.schemaValidation,
  });
  if (merged.schema && (isSent(input, 'schema') || isSent(input, 'examples'))) {
    checkEventSchema(merged.schema, merged.examples);
  }
  // A changed schema is a new version: the compiled checks of every process are keyed by it.
  const isSchemaChanged = !isSameJson(merged.schema, existing.schema);
  await aliasUnique(() =>
    commitChange(ctx, CHANGE_CHANNELS.rules, async (tx) => {
      await updateRouteEventTypeColumns(tx, id, {
        name: merged.name,
        alias: merged.alias,
        description: merged.description,
        isActive: merged.isActive,
        schema: merged.schema,
        examples: merged.examples,
        schemaValidation: merged.schemaValidation,
        schemaVersion: isSchemaChanged ? (existing.schemaVersion ?? 0) + 1 : existing.schemaVersion,
        updatedAt: ctx.clock(),
      });
      if (merged.alias !== existing.alias) await updateRuleConditionTypes(tx, id, merged.alias);
    }),
  );
  return loadDetail(ctx, user, id);
}

/** Its rules stay, with no event type (ON DELETE SET NULL). */
export async function deleteRouteEventType(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeEventTypeAccess, id, 'delete');
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) => deleteRouteEventTypeRow(tx, id));
}
