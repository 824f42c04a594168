import {
  ROUTE_FIELD_PATH_TAKEN,
  type TRouteChildListQuery,
  type TRouteField,
  type TRouteFieldInput,
  type TUpdateRouteFieldRequest,
  ZCreateRouteFieldRequest,
} from '@wm/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { routeFields, routes } from '../../db/schema';
import { conflict } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { requireAccess, routeAccess, routeFieldAccess, rowPermissions, visibleWhere } from '../access';
import { toRouteFieldView } from '../routes/route-view';

async function loadField(ctx: AppContext, user: SessionUser, id: string): Promise<TRouteField> {
  const [row] = await ctx.db
    .select({ field: routeFields, ...rowPermissions(routeFieldAccess, user) })
    .from(routeFields)
    .where(eq(routeFields.id, id))
    .limit(1);
  if (!row) throw new Error(`route field ${id} vanished`);
  return toRouteFieldView(row.field, row);
}

/** The fields of a route (or of every route the caller may see), oldest first. */
export async function listRouteFields(
  ctx: AppContext,
  user: SessionUser,
  query: TRouteChildListQuery,
): Promise<TRouteField[]> {
  if (query.routeId) await requireAccess(ctx, user, routeAccess, query.routeId, 'read');
  const rows = await ctx.db
    .select({ field: routeFields, ...rowPermissions(routeFieldAccess, user) })
    .from(routeFields)
    .innerJoin(routes, eq(routes.id, routeFields.routeId))
    .where(
      and(
        visibleWhere(routeAccess, user),
        query.routeId ? eq(routeFields.routeId, query.routeId) : undefined,
      ),
    )
    .orderBy(asc(routeFields.createdAt), asc(routeFields.id));
  return rows.map((row) => toRouteFieldView(row.field, row));
}

export async function getRouteField(ctx: AppContext, user: SessionUser, id: string): Promise<TRouteField> {
  const { row: field, permissions } = await requireAccess(ctx, user, routeFieldAccess, id, 'read');
  return toRouteFieldView(field, permissions);
}

async function assertPathFree(ctx: AppContext, routeId: string, path: string, exceptId?: string) {
  const [taken] = await ctx.db
    .select({ id: routeFields.id })
    .from(routeFields)
    .where(
      and(
        eq(routeFields.routeId, routeId),
        eq(routeFields.path, path),
        exceptId ? ne(routeFields.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(ROUTE_FIELD_PATH_TAKEN);
}

async function pathUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROUTE_FIELD_PATH_TAKEN);
    throw error;
  }
}

const columnsOf = (input: TRouteFieldInput) => ({
  name: input.name,
  description: input.description,
  type: input.type,
  path: input.path,
  isActive: input.isActive,
});

export async function createRouteField(
  ctx: AppContext,
  user: SessionUser,
  input: TRouteFieldInput,
): Promise<TRouteField> {
  await requireAccess(ctx, user, routeAccess, input.routeId, 'write');
  await assertPathFree(ctx, input.routeId, input.path);
  const now = ctx.clock();
  const id = newId();
  await pathUnique(() =>
    ctx.db
      .insert(routeFields)
      .values({ id, routeId: input.routeId, ...columnsOf(input), createdAt: now, updatedAt: now }),
  );
  return loadField(ctx, user, id);
}

/** PUT semantics: absent fields keep their value; the route does not change. */
export async function updateRouteField(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateRouteFieldRequest,
): Promise<TRouteField> {
  const { row: existing } = await requireAccess(ctx, user, routeFieldAccess, id, 'write');
  const merged = parseOrThrow(ZCreateRouteFieldRequest, {
    routeId: existing.routeId,
    name: input.name ?? existing.name,
    description: isSent(input, 'description') ? input.description : existing.description,
    type: input.type ?? existing.type,
    path: input.path ?? existing.path,
    isActive: input.isActive ?? existing.isActive,
  });
  await assertPathFree(ctx, existing.routeId, merged.path, id);
  await pathUnique(() =>
    ctx.db
      .update(routeFields)
      .set({ ...columnsOf(merged), updatedAt: ctx.clock() })
      .where(eq(routeFields.id, id)),
  );
  return loadField(ctx, user, id);
}

export async function deleteRouteField(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeFieldAccess, id, 'delete');
  await ctx.db.delete(routeFields).where(eq(routeFields.id, id));
}
