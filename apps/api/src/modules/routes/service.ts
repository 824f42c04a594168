import {
  type TRoute,
  type TRouteDetail,
  type TRouteInput,
  type TRouteListQuery,
  type TRouteListResponse,
  type TUpdateRouteRequest,
  ZCreateRouteRequest,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { CHANGE_CHANNELS, commitChange } from '../../db/change-channel';
import { badRequest } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { newId } from '../../lib/ids';
import { applicationInternalAccess, requireAccess, routeAccess } from '../access';
import {
  countRoutes,
  countRulesOfRoute,
  deleteRouteRow,
  findRouteRow,
  insertRoute,
  listEventTypesOfRoute,
  listFieldsOfRoute,
  listRuleSummariesByRoute,
  routeListWhere,
  selectRoutePage,
  updateRouteColumns,
} from './queries';
import { toRouteEventTypeView, toRouteFieldView, toRouteView } from './route-view';

export const ROUTE_APPLICATION_LOCKED = 'Uma rota com regras não pode mudar de aplicação';

export async function listRoutes(
  ctx: AppContext,
  user: SessionUser,
  query: TRouteListQuery,
): Promise<TRouteListResponse> {
  const where = routeListWhere(user, query);
  const [rows, total] = await Promise.all([
    selectRoutePage(ctx.db, user, where, query),
    countRoutes(ctx.db, where),
  ]);
  const rulesOf = await listRuleSummariesByRoute(
    ctx.db,
    rows.map((row) => row.route.id),
  );
  return {
    data: rows.map((row) => toRouteView(row.route, { ...row, rules: rulesOf.get(row.route.id) ?? [] })),
    pagination: toPagination(query.page, query.limit, total),
  };
}

async function loadRouteView(ctx: AppContext, user: SessionUser, id: string): Promise<TRoute> {
  const row = await findRouteRow(ctx.db, user, id);
  if (!row) throw new Error(`route ${id} vanished`);
  const rulesOf = await listRuleSummariesByRoute(ctx.db, [id]);
  return toRouteView(row.route, { ...row, rules: rulesOf.get(id) ?? [] });
}

async function loadRouteDetail(ctx: AppContext, user: SessionUser, id: string): Promise<TRouteDetail> {
  const [view, eventTypeRows, fieldRows] = await Promise.all([
    loadRouteView(ctx, user, id),
    listEventTypesOfRoute(ctx.db, user, id),
    listFieldsOfRoute(ctx.db, user, id),
  ]);
  return {
    ...view,
    eventTypes: eventTypeRows.map((row) => toRouteEventTypeView(row.eventType, row)),
    fields: fieldRows.map((row) => toRouteFieldView(row.field, row)),
  };
}

export async function getRoute(ctx: AppContext, user: SessionUser, id: string): Promise<TRouteDetail> {
  await requireAccess(ctx, user, routeAccess, id, 'read');
  return loadRouteDetail(ctx, user, id);
}

const columnsOf = (input: TRouteInput) => ({
  applicationId: input.applicationId,
  name: input.name,
  description: input.description,
  endpoint: input.endpoint,
  method: input.method,
  isActive: input.isActive,
});

export async function createRoute(
  ctx: AppContext,
  user: SessionUser,
  input: TRouteInput,
): Promise<TRouteDetail> {
  await requireAccess(ctx, user, applicationInternalAccess, input.applicationId, 'write');
  const now = ctx.clock();
  const id = newId();
  await insertRoute(ctx.db, { id, ...columnsOf(input), createdBy: user.id, createdAt: now, updatedAt: now });
  return loadRouteDetail(ctx, user, id);
}

/** PUT semantics: absent fields keep their value; the merged route is validated whole. */
export async function updateRoute(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateRouteRequest,
): Promise<TRouteDetail> {
  const { row: existing } = await requireAccess(ctx, user, routeAccess, id, 'write');
  const merged = parseOrThrow(ZCreateRouteRequest, {
    applicationId: input.applicationId ?? existing.applicationId,
    name: input.name ?? existing.name,
    description: isSent(input, 'description') ? input.description : existing.description,
    endpoint: input.endpoint ?? existing.endpoint,
    method: input.method ?? existing.method,
    isActive: input.isActive ?? existing.isActive,
  });
  if (merged.applicationId !== existing.applicationId) {
    await requireAccess(ctx, user, applicationInternalAccess, merged.applicationId, 'write');
    if ((await countRulesOfRoute(ctx.db, id)) > 0) throw badRequest(ROUTE_APPLICATION_LOCKED);
  }
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) =>
    updateRouteColumns(tx, id, { ...columnsOf(merged), updatedAt: ctx.clock() }),
  );
  return loadRouteDetail(ctx, user, id);
}

/** Its event types, fields, rules and their executions go with it (ON DELETE CASCADE), in one statement. */
export async function deleteRoute(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeAccess, id, 'delete');
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) => deleteRouteRow(tx, id));
}
