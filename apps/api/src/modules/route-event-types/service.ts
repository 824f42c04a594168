import {
  ROUTE_EVENT_TYPE_ALIAS_TAKEN,
  type TRouteChildListQuery,
  type TRouteEventTypeDetail,
  type TRouteEventTypeInput,
  type TUpdateRouteEventTypeRequest,
  ZCreateRouteEventTypeRequest,
} from '@wm/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { routeEventTypes, routes, rules } from '../../db/schema';
import { conflict } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { changeRules } from '../../pipeline/rules-changed';
import { requireAccess, routeAccess, routeEventTypeAccess, rowPermissions, visibleWhere } from '../access';
import { toRouteEventTypeView } from '../routes/route-view';

function selectEventTypeRows(ctx: AppContext, user: SessionUser) {
  return ctx.db
    .select({
      eventType: routeEventTypes,
      ...rowPermissions(routeEventTypeAccess, user),
      route: { id: routes.id, name: routes.name, applicationId: routes.applicationId },
      ruleCount: sql<number>`(SELECT count(*)::int FROM ${rules} WHERE ${rules.routeEventTypeId} = ${routeEventTypes.id})`,
    })
    .from(routeEventTypes)
    .innerJoin(routes, eq(routes.id, routeEventTypes.routeId));
}

type EventTypeRow = Awaited<ReturnType<ReturnType<typeof selectEventTypeRows>['execute']>>[number];

const toDetail = (row: EventTypeRow): TRouteEventTypeDetail => ({
  ...toRouteEventTypeView(row.eventType, row),
  route: row.route,
  _count: { rules: Number(row.ruleCount) },
});

async function loadDetail(ctx: AppContext, user: SessionUser, id: string) {
  const [row] = await selectEventTypeRows(ctx, user).where(eq(routeEventTypes.id, id)).limit(1);
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
  const rows = await selectEventTypeRows(ctx, user)
    .where(
      and(
        visibleWhere(routeAccess, user),
        query.routeId ? eq(routeEventTypes.routeId, query.routeId) : undefined,
      ),
    )
    .orderBy(asc(routeEventTypes.createdAt), asc(routeEventTypes.id));
  return rows.map(toDetail);
}

export async function getRouteEventType(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeEventTypeAccess, id, 'read');
  return loadDetail(ctx, user, id);
}

async function assertAliasFree(ctx: AppContext, routeId: string, alias: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: routeEventTypes.id })
    .from(routeEventTypes)
    .where(
      and(
        eq(routeEventTypes.routeId, routeId),
        eq(routeEventTypes.alias, alias),
        exceptId ? ne(routeEventTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(ROUTE_EVENT_TYPE_ALIAS_TAKEN);
}

async function aliasUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROUTE_EVENT_TYPE_ALIAS_TAKEN);
    throw error;
  }
}

export async function createRouteEventType(
  ctx: AppContext,
  user: SessionUser,
  input: TRouteEventTypeInput,
): Promise<TRouteEventTypeDetail> {
  await requireAccess(ctx, user, routeAccess, input.routeId, 'write');
  await assertAliasFree(ctx, input.routeId, input.alias);
  const now = ctx.clock();
  const id = newId();
  await aliasUnique(() =>
    ctx.db.insert(routeEventTypes).values({
      id,
      routeId: input.routeId,
      name: input.name,
      alias: input.alias,
      description: input.description,
      isActive: input.isActive,
      createdAt: now,
      updatedAt: now,
    }),
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
  });
  await assertAliasFree(ctx, existing.routeId, merged.alias, id);
  await aliasUnique(() =>
    changeRules(ctx, async (tx) => {
      await tx
        .update(routeEventTypes)
        .set({
          name: merged.name,
          alias: merged.alias,
          description: merged.description,
          isActive: merged.isActive,
          updatedAt: ctx.clock(),
        })
        .where(eq(routeEventTypes.id, id));
      if (merged.alias !== existing.alias) {
        await tx
          .update(rules)
          .set({ conditions: sql`jsonb_set(${rules.conditions}, '{type}', to_jsonb(${merged.alias}::text))` })
          .where(eq(rules.routeEventTypeId, id));
      }
    }),
  );
  return loadDetail(ctx, user, id);
}

/** Its rules stay, with no event type (ON DELETE SET NULL). */
export async function deleteRouteEventType(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeEventTypeAccess, id, 'delete');
  await changeRules(ctx, (tx) => tx.delete(routeEventTypes).where(eq(routeEventTypes.id, id)));
}
