import {
  type TEventRule,
  type TEventRuleInput,
  type TEventRuleListQuery,
  type TEventRuleListResponse,
  type TUpdateEventRuleRequest,
  ZCreateEventRuleRequest,
} from '@wm/contracts';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { events, routeEventTypes, routes, ruleExecutions, rules } from '../../db/schema';
import { badRequest } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { likePattern, pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { newId } from '../../lib/ids';
import { changeRules } from '../../pipeline/rules-changed';
import { applicationInternalAccess, requireAccess, ruleAccess, visibleWhere } from '../access';
import { selectRuleRows, toRuleView } from './rule-view';

export const ROUTE_OF_OTHER_APPLICATION = 'A rota deve ser uma rota da aplicação da regra';
export const EVENT_TYPE_OF_OTHER_ROUTE = 'O tipo de evento deve ser um tipo de evento da rota da regra';
export const EVENT_OF_OTHER_APPLICATION = 'O evento vinculado deve ser um evento da aplicação da regra';

const conditionType = sql<string>`(${rules.conditions}->>'type')`;

function listWhere(user: SessionUser, query: TEventRuleListQuery): SQL | undefined {
  const term = query.search ? likePattern(query.search) : null;
  return and(
    visibleWhere(ruleAccess, user),
    query.applicationId ? eq(rules.applicationId, query.applicationId) : undefined,
    query.routeId ? eq(rules.routeId, query.routeId) : undefined,
    query.routeEventTypeId ? eq(rules.routeEventTypeId, query.routeEventTypeId) : undefined,
    query.isActive === undefined ? undefined : eq(rules.isActive, query.isActive),
    query.eventType ? ilike(conditionType, likePattern(query.eventType)) : undefined,
    query.withoutEvent ? isNull(rules.eventId) : undefined,
    term
      ? or(ilike(rules.name, term), ilike(rules.description, term), ilike(conditionType, term))
      : undefined,
  );
}

/** Rules newest first; `stats` counts over the whole filter, not the page. */
export async function listRules(
  ctx: AppContext,
  user: SessionUser,
  query: TEventRuleListQuery,
): Promise<TEventRuleListResponse> {
  const where = listWhere(user, query);
  const [rows, [counts], [executions]] = await Promise.all([
    selectRuleRows(ctx, user)
      .where(where)
      .orderBy(desc(rules.createdAt), desc(rules.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db
      .select({
        total: count(),
        active: sql<number>`count(*) FILTER (WHERE ${rules.isActive})::int`,
      })
      .from(rules)
      .where(where),
    ctx.db
      .select({ n: count() })
      .from(ruleExecutions)
      .innerJoin(rules, eq(rules.id, ruleExecutions.ruleId))
      .where(where),
  ]);
  const total = Number(counts?.total ?? 0);
  const active = Number(counts?.active ?? 0);
  return {
    data: rows.map(toRuleView),
    pagination: toPagination(query.page, query.limit, total),
    stats: { active, inactive: total - active, executions: Number(executions?.n ?? 0) },
  };
}

async function loadRuleView(ctx: AppContext, user: SessionUser, id: string): Promise<TEventRule> {
  const [row] = await selectRuleRows(ctx, user).where(eq(rules.id, id)).limit(1);
  if (!row) throw new Error(`rule ${id} vanished`);
  return toRuleView(row);
}

export async function getRule(ctx: AppContext, user: SessionUser, id: string): Promise<TEventRule> {
  await requireAccess(ctx, user, ruleAccess, id, 'read');
  return loadRuleView(ctx, user, id);
}

async function assertEventOfApplication(ctx: AppContext, eventId: string, applicationId: string) {
  const [event] = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.applicationId, applicationId)))
    .limit(1);
  if (!event) throw badRequest(EVENT_OF_OTHER_APPLICATION);
}

/**
 * The references of a rule hold together: its route is a route of its application, its event type
 * a type of that route (whose alias becomes the condition type), its linked event an event of the
 * application. Answers the rule as stored.
 */
async function resolveRule(ctx: AppContext, input: TEventRuleInput) {
  const [route] = await ctx.db
    .select({ id: routes.id })
    .from(routes)
    .where(and(eq(routes.id, input.routeId), eq(routes.applicationId, input.applicationId)))
    .limit(1);
  if (!route) throw badRequest(ROUTE_OF_OTHER_APPLICATION);
  let type = input.conditions.type;
  if (input.routeEventTypeId) {
    const [eventType] = await ctx.db
      .select({ alias: routeEventTypes.alias })
      .from(routeEventTypes)
      .where(and(eq(routeEventTypes.id, input.routeEventTypeId), eq(routeEventTypes.routeId, input.routeId)))
      .limit(1);
    if (!eventType) throw badRequest(EVENT_TYPE_OF_OTHER_ROUTE);
    type = eventType.alias;
  }
  if (input.eventId) await assertEventOfApplication(ctx, input.eventId, input.applicationId);
  return {
    applicationId: input.applicationId,
    routeId: input.routeId,
    routeEventTypeId: input.routeEventTypeId,
    eventId: input.eventId,
    name: input.name,
    description: input.description,
    isActive: input.isActive,
    conditions: { ...input.conditions, type },
  };
}

export async function createRule(
  ctx: AppContext,
  user: SessionUser,
  input: TEventRuleInput,
): Promise<TEventRule> {
  await requireAccess(ctx, user, applicationInternalAccess, input.applicationId, 'write');
  const columns = await resolveRule(ctx, input);
  const now = ctx.clock();
  const id = newId();
  await changeRules(ctx, (tx) =>
    tx.insert(rules).values({ id, ...columns, createdBy: user.id, createdAt: now, updatedAt: now }),
  );
  return loadRuleView(ctx, user, id);
}

/** PUT semantics: absent fields keep their value, null clears; the merged rule is validated whole. */
export async function updateRule(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateEventRuleRequest,
): Promise<TEventRule> {
  const { row: existing } = await requireAccess(ctx, user, ruleAccess, id, 'write');
  const has = (key: keyof TUpdateEventRuleRequest) => isSent(input, key);
  const merged = parseOrThrow(ZCreateEventRuleRequest, {
    name: input.name ?? existing.name,
    description: has('description') ? input.description : existing.description,
    applicationId: input.applicationId ?? existing.applicationId,
    routeId: input.routeId ?? existing.routeId,
    routeEventTypeId: has('routeEventTypeId') ? input.routeEventTypeId : existing.routeEventTypeId,
    eventId: has('eventId') ? input.eventId : existing.eventId,
    isActive: input.isActive ?? existing.isActive,
    conditions: has('conditions') ? input.conditions : existing.conditions,
  });
  if (merged.applicationId !== existing.applicationId) {
    await requireAccess(ctx, user, applicationInternalAccess, merged.applicationId, 'write');
  }
  const columns = await resolveRule(ctx, merged);
  await changeRules(ctx, (tx) =>
    tx
      .update(rules)
      .set({ ...columns, updatedAt: ctx.clock() })
      .where(eq(rules.id, id)),
  );
  return loadRuleView(ctx, user, id);
}

/** Its executions go with it (ON DELETE CASCADE). */
export async function deleteRule(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, ruleAccess, id, 'delete');
  await changeRules(ctx, (tx) => tx.delete(rules).where(eq(rules.id, id)));
}

/** Flips isActive in one statement, so two toggles never read the same state. */
export async function toggleRule(ctx: AppContext, user: SessionUser, id: string): Promise<TEventRule> {
  await requireAccess(ctx, user, ruleAccess, id, 'write');
  await changeRules(ctx, (tx) =>
    tx
      .update(rules)
      .set({ isActive: sql`NOT ${rules.isActive}`, updatedAt: ctx.clock() })
      .where(eq(rules.id, id)),
  );
  return loadRuleView(ctx, user, id);
}

export async function linkRuleEvent(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  eventId: string,
): Promise<TEventRule> {
  const { row: rule } = await requireAccess(ctx, user, ruleAccess, id, 'write');
  await assertEventOfApplication(ctx, eventId, rule.applicationId);
  await changeRules(ctx, (tx) =>
    tx.update(rules).set({ eventId, updatedAt: ctx.clock() }).where(eq(rules.id, id)),
  );
  return loadRuleView(ctx, user, id);
}

export async function unlinkRuleEvent(ctx: AppContext, user: SessionUser, id: string): Promise<TEventRule> {
  await requireAccess(ctx, user, ruleAccess, id, 'write');
  await changeRules(ctx, (tx) =>
    tx.update(rules).set({ eventId: null, updatedAt: ctx.clock() }).where(eq(rules.id, id)),
  );
  return loadRuleView(ctx, user, id);
}
