import type { TEventRuleListQuery, TRuleExecutionListQuery } from '@wm/contracts';
import { and, count, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  applications,
  events,
  routeEventTypes,
  routes,
  ruleExecutions,
  rules,
  subscriptions,
} from '../../db/schema';
import { matchSearch, matchValue, pageOffset } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { rowPermissions, ruleAccess, visibleWhere } from '../access';

type RuleColumns = typeof rules.$inferInsert;

const conditionType = sql<string>`(${rules.conditions}->>'type')`;

/** Rules with what a list item shows: application and route names, event type, linked event, counts. */
function selectRuleRows(db: Database, user: SessionUser) {
  return db
    .select({
      rule: rules,
      applicationName: applications.name,
      routeName: routes.name,
      routeEventType: {
        id: routeEventTypes.id,
        name: routeEventTypes.name,
        alias: routeEventTypes.alias,
        isActive: routeEventTypes.isActive,
      },
      event: {
        id: events.id,
        name: events.name,
        alias: events.alias,
        queueType: events.queueType,
        status: events.status,
      },
      subscriptionCount: sql<number>`(SELECT count(*)::int FROM ${subscriptions} WHERE ${subscriptions.eventId} = ${rules.eventId})`,
      executionCount: sql<number>`(SELECT count(*)::int FROM ${ruleExecutions} WHERE ${ruleExecutions.ruleId} = ${rules.id})`,
      ...rowPermissions(ruleAccess, user),
    })
    .from(rules)
    .innerJoin(applications, eq(applications.id, rules.applicationId))
    .innerJoin(routes, eq(routes.id, rules.routeId))
    .leftJoin(routeEventTypes, eq(routeEventTypes.id, rules.routeEventTypeId))
    .leftJoin(events, eq(events.id, rules.eventId));
}

export type RuleRow = Awaited<ReturnType<ReturnType<typeof selectRuleRows>['execute']>>[number];

/** The list's filter: the rules `user` may see, narrowed by the query. */
export function ruleListWhere(user: SessionUser, query: TEventRuleListQuery): SQL | undefined {
  return and(
    visibleWhere(ruleAccess, user),
    matchValue(rules.applicationId, query.applicationId),
    matchValue(rules.routeId, query.routeId),
    matchValue(rules.routeEventTypeId, query.routeEventTypeId),
    matchValue(rules.isActive, query.isActive),
    matchSearch(query.eventType, conditionType),
    query.withoutEvent ? isNull(rules.eventId) : undefined,
    matchSearch(query.search, rules.name, rules.description, conditionType),
  );
}

/** One page of the rules matching `where`, newest first. */
export function selectRulePage(
  db: Database,
  user: SessionUser,
  where: SQL | undefined,
  query: TEventRuleListQuery,
) {
  return selectRuleRows(db, user)
    .where(where)
    .orderBy(desc(rules.createdAt), desc(rules.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

/** Total and active among the rules matching `where`. */
export async function countRuleStats(db: Database, where: SQL | undefined) {
  const [counts] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${rules.isActive})::int`,
    })
    .from(rules)
    .where(where);
  return { total: Number(counts?.total ?? 0), active: Number(counts?.active ?? 0) };
}

/** The executions of the rules matching `where`. */
export async function countExecutionsOfRules(db: Database, where: SQL | undefined): Promise<number> {
  const [executions] = await db
    .select({ n: count() })
    .from(ruleExecutions)
    .innerJoin(rules, eq(rules.id, ruleExecutions.ruleId))
    .where(where);
  return Number(executions?.n ?? 0);
}

export async function findRuleRow(db: Database, user: SessionUser, id: string) {
  const [row] = await selectRuleRows(db, user).where(eq(rules.id, id)).limit(1);
  return row;
}

export async function isEventOfApplication(db: Database, eventId: string, applicationId: string) {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.applicationId, applicationId)))
    .limit(1);
  return event !== undefined;
}

export async function isRouteOfApplication(db: Database, routeId: string, applicationId: string) {
  const [route] = await db
    .select({ id: routes.id })
    .from(routes)
    .where(and(eq(routes.id, routeId), eq(routes.applicationId, applicationId)))
    .limit(1);
  return route !== undefined;
}

/** The alias of the route's event type `routeEventTypeId`; undefined when it is not one of the route's. */
export async function findEventTypeAliasOfRoute(db: Database, routeEventTypeId: string, routeId: string) {
  const [eventType] = await db
    .select({ alias: routeEventTypes.alias })
    .from(routeEventTypes)
    .where(and(eq(routeEventTypes.id, routeEventTypeId), eq(routeEventTypes.routeId, routeId)))
    .limit(1);
  return eventType?.alias;
}

/**
 * Locks the application's row until the transaction ends: the rule writes of one application take
 * turns, so a count read after it holds until the write commits (two creates cannot both pass).
 */
export async function lockApplicationRules(db: Database, applicationId: string) {
  await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update');
}

export async function countRulesOfApplication(db: Database, applicationId: string) {
  const [row] = await db.select({ total: count() }).from(rules).where(eq(rules.applicationId, applicationId));
  return Number(row?.total ?? 0);
}

/** Active rules of the application listening to `type`, besides `exceptId`. */
export async function countActiveRulesOfType(
  db: Database,
  applicationId: string,
  type: string,
  exceptId: string | null,
) {
  const [row] = await db
    .select({ total: count() })
    .from(rules)
    .where(
      and(
        eq(rules.applicationId, applicationId),
        eq(rules.isActive, true),
        eq(conditionType, type),
        exceptId ? ne(rules.id, exceptId) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

export async function findRuleState(db: Database, id: string) {
  const [row] = await db
    .select({ applicationId: rules.applicationId, isActive: rules.isActive, type: conditionType })
    .from(rules)
    .where(eq(rules.id, id));
  return row;
}

export async function insertRule(db: Database, values: RuleColumns) {
  await db.insert(rules).values(values);
}

/** Sets the given columns; an undefined one stays as it is. */
export async function updateRuleColumns(db: Database, id: string, columns: Partial<RuleColumns>) {
  await db.update(rules).set(columns).where(eq(rules.id, id));
}

/** Flips isActive in one statement, so two toggles never read the same state. */
export async function flipRuleActive(db: Database, id: string, now: Date) {
  await db
    .update(rules)
    .set({ isActive: sql`NOT ${rules.isActive}`, updatedAt: now })
    .where(eq(rules.id, id));
}

export async function deleteRuleRow(db: Database, id: string) {
  await db.delete(rules).where(eq(rules.id, id));
}

/** One page of the rule's executions, newest first. */
export function selectExecutionPage(db: Database, ruleId: string, query: TRuleExecutionListQuery) {
  return db
    .select()
    .from(ruleExecutions)
    .where(eq(ruleExecutions.ruleId, ruleId))
    .orderBy(desc(ruleExecutions.executedAt), desc(ruleExecutions.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

export async function countExecutionsOfRule(db: Database, ruleId: string): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(ruleExecutions)
    .where(eq(ruleExecutions.ruleId, ruleId));
  return Number(total?.n ?? 0);
}
