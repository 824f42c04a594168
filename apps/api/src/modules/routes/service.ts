import {
  type TRoute,
  type TRouteDetail,
  type TRouteInput,
  type TRouteListQuery,
  type TRouteListResponse,
  type TRouteRuleSummary,
  type TUpdateRouteRequest,
  ZCreateRouteRequest,
} from '@wm/contracts';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications, routeEventTypes, routeFields, routes, rules } from '../../db/schema';
import { badRequest } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { likePattern, pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { newId } from '../../lib/ids';
import { changeRules } from '../../pipeline/rules-changed';
import {
  applicationInternalAccess,
  requireAccess,
  routeAccess,
  routeEventTypeAccess,
  routeFieldAccess,
  rowPermissions,
  visibleWhere,
} from '../access';
import { toRouteEventTypeView, toRouteFieldView, toRouteView } from './route-view';

export const ROUTE_APPLICATION_LOCKED = 'Uma rota com regras não pode mudar de aplicação';

const countOf = (table: typeof routeEventTypes | typeof routeFields | typeof rules) =>
  sql<number>`(SELECT count(*)::int FROM ${table} WHERE ${table.routeId} = ${routes.id})`;

function selectRouteRows(ctx: AppContext, user: SessionUser) {
  return ctx.db
    .select({
      route: routes,
      applicationName: applications.name,
      eventTypeCount: countOf(routeEventTypes),
      fieldCount: countOf(routeFields),
      ruleCount: countOf(rules),
      ...rowPermissions(routeAccess, user),
    })
    .from(routes)
    .innerJoin(applications, eq(applications.id, routes.applicationId));
}

async function rulesByRoute(ctx: AppContext, routeIds: string[]) {
  const byRoute = new Map<string, TRouteRuleSummary[]>();
  if (routeIds.length === 0) return byRoute;
  const rows = await ctx.db
    .select({
      id: rules.id,
      routeId: rules.routeId,
      name: rules.name,
      isActive: rules.isActive,
      routeEventTypeId: rules.routeEventTypeId,
      eventId: rules.eventId,
    })
    .from(rules)
    .where(inArray(rules.routeId, routeIds))
    .orderBy(desc(rules.createdAt), desc(rules.id));
  for (const { routeId, ...rule } of rows) {
    const list = byRoute.get(routeId) ?? [];
    list.push(rule);
    byRoute.set(routeId, list);
  }
  return byRoute;
}

function listWhere(user: SessionUser, query: TRouteListQuery): SQL | undefined {
  const term = query.search ? likePattern(query.search) : null;
  return and(
    visibleWhere(routeAccess, user),
    query.applicationId ? eq(routes.applicationId, query.applicationId) : undefined,
    term
      ? or(ilike(routes.name, term), ilike(routes.endpoint, term), ilike(routes.description, term))
      : undefined,
  );
}

export async function listRoutes(
  ctx: AppContext,
  user: SessionUser,
  query: TRouteListQuery,
): Promise<TRouteListResponse> {
  const where = listWhere(user, query);
  const [rows, [total]] = await Promise.all([
    selectRouteRows(ctx, user)
      .where(where)
      .orderBy(desc(routes.createdAt), desc(routes.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db.select({ n: count() }).from(routes).where(where),
  ]);
  const rulesOf = await rulesByRoute(
    ctx,
    rows.map((row) => row.route.id),
  );
  return {
    data: rows.map((row) => toRouteView(row.route, { ...row, rules: rulesOf.get(row.route.id) ?? [] })),
    pagination: toPagination(query.page, query.limit, Number(total?.n ?? 0)),
  };
}

async function loadRouteView(ctx: AppContext, user: SessionUser, id: string): Promise<TRoute> {
  const [row] = await selectRouteRows(ctx, user).where(eq(routes.id, id)).limit(1);
  if (!row) throw new Error(`route ${id} vanished`);
  const rulesOf = await rulesByRoute(ctx, [id]);
  return toRouteView(row.route, { ...row, rules: rulesOf.get(id) ?? [] });
}

async function loadRouteDetail(ctx: AppContext, user: SessionUser, id: string): Promise<TRouteDetail> {
  const [view, eventTypeRows, fieldRows] = await Promise.all([
    loadRouteView(ctx, user, id),
    ctx.db
      .select({ eventType: routeEventTypes, ...rowPermissions(routeEventTypeAccess, user) })
      .from(routeEventTypes)
      .where(eq(routeEventTypes.routeId, id))
      .orderBy(asc(routeEventTypes.createdAt), asc(routeEventTypes.id)),
    ctx.db
      .select({ field: routeFields, ...rowPermissions(routeFieldAccess, user) })
      .from(routeFields)
      .where(eq(routeFields.routeId, id))
      .orderBy(asc(routeFields.createdAt), asc(routeFields.id)),
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
  await ctx.db
    .insert(routes)
    .values({ id, ...columnsOf(input), createdBy: user.id, createdAt: now, updatedAt: now });
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
    const [ruleCount] = await ctx.db.select({ n: count() }).from(rules).where(eq(rules.routeId, id));
    if (Number(ruleCount?.n ?? 0) > 0) throw badRequest(ROUTE_APPLICATION_LOCKED);
  }
  await changeRules(ctx, (tx) =>
    tx
      .update(routes)
      .set({ ...columnsOf(merged), updatedAt: ctx.clock() })
      .where(eq(routes.id, id)),
  );
  return loadRouteDetail(ctx, user, id);
}

/** Its event types, fields, rules and their executions go with it (ON DELETE CASCADE), in one statement. */
export async function deleteRoute(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, routeAccess, id, 'delete');
  await changeRules(ctx, (tx) => tx.delete(routes).where(eq(routes.id, id)));
}
