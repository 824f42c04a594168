import {
  ROUTE_FIELD_PATH_TAKEN,
  type TRouteChildListQuery,
  type TRouteField,
  type TRouteFieldInput,
  type TUpdateRouteFieldRequest,
  ZCreateRouteFieldRequest,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { refuseDuplicate } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { newId } from '../../lib/ids';
import { requireAccess, routeAccess, routeFieldAccess } from '../access';
import { toRouteFieldView } from '../routes/route-view';
import {
  deleteRouteFieldRow,
  findRouteFieldRow,
  insertRouteField,
  listVisibleRouteFields,
  updateRouteFieldColumns,
} from './queries';

async function loadField(ctx: AppContext, user: SessionUser, id: string): Promise<TRouteField> {
  const row = await findRouteFieldRow(ctx.db, user, id);
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
  const rows = await listVisibleRouteFields(ctx.db, user, query.routeId);
  return rows.map((row) => toRouteFieldView(row.field, row));
}

export async function getRouteField(ctx: AppContext, user: SessionUser, id: string): Promise<TRouteField> {
  const { row: field, permissions } = await requireAccess(ctx, user, routeFieldAccess, id, 'read');
  return toRouteFieldView(field, permissions);
}

const pathUnique = <T>(write: () => Promise<T>) => refuseDuplicate(ROUTE_FIELD_PATH_TAKEN, write);

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
  const now = ctx.clock();
  const id = newId();
  await pathUnique(() =>
    insertRouteField(ctx.db, {
      id,
      routeId: input.routeId,
      ...columnsOf(input),
      createdAt: now,
      updatedAt: now,
    }),
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
  await pathUnique(() =>
    updateRouteFieldColumns(ctx.db, id, { ...columnsOf(merged), updatedAt: ctx.clock() }),
  );
  return loadField(ctx, user, id);
}

export async function deleteRouteField(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeFieldAccess, id, 'delete');
  await deleteRouteFieldRow(ctx.db, id);
}
