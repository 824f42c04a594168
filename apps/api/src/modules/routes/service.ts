import {
  type TRoute,
  type TRouteChanges,
  type TRouteDetail,
  type TRouteInput,
  type TRouteListQuery,
  type TRouteListResponse,
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
  renewIngestToken,
  routeListWhere,
  selectRoutePage,
  updateRouteColumns,
} from './queries';
import { toRouteEventTypeView, toRouteFieldView, toRouteView } from './route-view';
import { toStoredVerification } from './stored-verification';

export const ROUTE_APPLICATION_LOCKED = 'Uma rota com regras não pode mudar de aplicação';

/** `baseUrl` starts the routes' ingest URLs (PUBLIC_URL or the caller's origin). */
export async function listRoutes(
  ctx: AppContext,
  user: SessionUser,
  query: TRouteListQuery,
  baseUrl: string,
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
    data: rows.map((row) =>
      toRouteView(row.route, { ...row, baseUrl, rules: rulesOf.get(row.route.id) ?? [] }),
    ),
    pagination: toPagination(query.page, query.limit, total),
  };
}

async function loadRouteView(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  baseUrl: string,
): Promise<TRoute> {
  const row = await findRouteRow(ctx.db, user, id);
  if (!row) throw new Error(`route ${id} vanished`);
  const rulesOf = await listRuleSummariesByRoute(ctx.db, [id]);
  return toRouteView(row.route, { ...row, baseUrl, rules: rulesOf.get(id) ?? [] });
}

async function loadRouteDetail(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  baseUrl: string,
): Promise<TRouteDetail> {
  const [view, eventTypeRows, fieldRows] = await Promise.all([
    loadRouteView(ctx, user, id, baseUrl),
    listEventTypesOfRoute(ctx.db, user, id),
    listFieldsOfRoute(ctx.db, user, id),
  ]);
  return {
    ...view,
    eventTypes: eventTypeRows.map((row) => toRouteEventTypeView(row.eventType, row)),
    fields: fieldRows.map((row) => toRouteFieldView(row.field, row)),
  };
}

export async function getRoute(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  baseUrl: string,
): Promise<TRouteDetail> {
  await requireAccess(ctx, user, routeAccess, id, 'read');
  return loadRouteDetail(ctx, user, id, baseUrl);
}

const columnsOf = (input: TRouteInput) => ({
  applicationId: input.applicationId,
  name: input.name,
  description: input.description,
  endpoint: input.endpoint,
  method: input.method,
  isActive: input.isActive,
  eventTypeFrom: input.eventTypeFrom,
});

export async function createRoute(
  ctx: AppContext,
  user: SessionUser,
  input: TRouteInput,
  baseUrl: string,
): Promise<TRouteDetail> {
  await requireAccess(ctx, user, applicationInternalAccess, input.applicationId, 'write');
  const verification = toStoredVerification(ctx.cipher, input.verification, null) ?? null;
  const now = ctx.clock();
  const id = newId();
  await insertRoute(ctx.db, {
    id,
    ...columnsOf(input),
    verification,
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
  });
  return loadRouteDetail(ctx, user, id, baseUrl);
}

/**
 * PUT semantics: absent fields keep their value; the merged route is validated whole. A
 * verification sent replaces the stored one, except for the secrets it leaves out (kept while the
 * type is the same); null clears it.
 */
export async function updateRoute(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TRouteChanges,
  baseUrl: string,
): Promise<TRouteDetail> {
  const { row: existing } = await requireAccess(ctx, user, routeAccess, id, 'write');
  const merged = parseOrThrow(ZCreateRouteRequest, {
    applicationId: input.applicationId ?? existing.applicationId,
    name: input.name ?? existing.name,
    description: isSent(input, 'description') ? input.description : existing.description,
    endpoint: input.endpoint ?? existing.endpoint,
    method: input.method ?? existing.method,
    isActive: input.isActive ?? existing.isActive,
    eventTypeFrom: input.eventTypeFrom ?? existing.eventTypeFrom,
  });
  const verification = toStoredVerification(
    ctx.cipher,
    isSent(input, 'verification') ? input.verification : undefined,
    existing.verification,
  );
  if (merged.applicationId !== existing.applicationId) {
    await requireAccess(ctx, user, applicationInternalAccess, merged.applicationId, 'write');
    if ((await countRulesOfRoute(ctx.db, id)) > 0) throw badRequest(ROUTE_APPLICATION_LOCKED);
  }
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) =>
    updateRouteColumns(tx, id, { ...columnsOf(merged), verification, updatedAt: ctx.clock() }),
  );
  return loadRouteDetail(ctx, user, id, baseUrl);
}

/** A new ingest URL for the route; the old one answers 404 from now on. */
export async function rotateIngestToken(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  baseUrl: string,
): Promise<TRouteDetail> {
  await requireAccess(ctx, user, routeAccess, id, 'write');
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) => renewIngestToken(tx, id, ctx.clock()));
  return loadRouteDetail(ctx, user, id, baseUrl);
}

/**
 * Its event types, fields, rules, executions and inbound requests go with it (ON DELETE CASCADE),
 * in one statement.
 */
export async function deleteRoute(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeAccess, id, 'delete');
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) => deleteRouteRow(tx, id));
}
