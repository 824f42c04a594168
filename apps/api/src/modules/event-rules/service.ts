import {
  type TEventRule,
  type TEventRuleInput,
  type TEventRuleListQuery,
  type TEventRuleListResponse,
  type TUpdateEventRuleRequest,
  ZCreateEventRuleRequest,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { CHANGE_CHANNELS, commitChange } from '../../db/change-channel';
import type { Database } from '../../db/client';
import { badRequest } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { parseOrThrow } from '../../domain/validation';
import { newId } from '../../lib/ids';
import { applicationInternalAccess, requireAccess, ruleAccess } from '../access';
import {
  countActiveRulesOfType,
  countExecutionsOfRules,
  countRuleStats,
  countRulesOfApplication,
  deleteRuleRow,
  findEventTypeAliasOfRoute,
  findRuleRow,
  findRuleState,
  flipRuleActive,
  insertRule,
  isEventOfApplication,
  isRouteOfApplication,
  lockApplicationRules,
  ruleListWhere,
  selectRulePage,
  updateRuleColumns,
} from './queries';
import { toRuleView } from './rule-view';

export const ROUTE_OF_OTHER_APPLICATION = 'A rota deve ser uma rota da aplicação da regra';
export const EVENT_TYPE_OF_OTHER_ROUTE = 'O tipo de evento deve ser um tipo de evento da rota da regra';
export const EVENT_OF_OTHER_APPLICATION = 'O evento vinculado deve ser um evento da aplicação da regra';

export const activeRulesLimitMessage = (limit: number) =>
  `Limite de ${limit} regras ativas por tipo de evento atingido; desative ou remova uma regra deste tipo`;
export const applicationRulesLimitMessage = (limit: number) =>
  `Limite de ${limit} regras por aplicação atingido; remova uma regra antes de criar outra`;

/** What a rule will be once written: its application, event type, state; `id` null for a new one. */
type RuleAfterWrite = { id: string | null; applicationId: string; type: string; isActive: boolean };

/**
 * Refuses (400) a write that would take the application past RULES_MAX_PER_APPLICATION rules, or an
 * event type past RULES_MAX_ACTIVE_PER_ALIAS active rules: every emit of that type runs each of
 * them, so the count bounds what one call costs. Runs inside the write's transaction, after
 * locking the application, so concurrent writes cannot both pass the count.
 */
async function refuseOverLimits(ctx: AppContext, tx: Database, rule: RuleAfterWrite) {
  await lockApplicationRules(tx, rule.applicationId);
  const { RULES_MAX_PER_APPLICATION: perApplication, RULES_MAX_ACTIVE_PER_ALIAS: perAlias } = ctx.config;
  if (rule.id === null && (await countRulesOfApplication(tx, rule.applicationId)) >= perApplication) {
    throw badRequest(applicationRulesLimitMessage(perApplication));
  }
  if (
    rule.isActive &&
    (await countActiveRulesOfType(tx, rule.applicationId, rule.type, rule.id)) >= perAlias
  ) {
    throw badRequest(activeRulesLimitMessage(perAlias));
  }
}

/** Rules newest first; `stats` counts over the whole filter, not the page. */
export async function listRules(
  ctx: AppContext,
  user: SessionUser,
  query: TEventRuleListQuery,
): Promise<TEventRuleListResponse> {
  const where = ruleListWhere(user, query);
  const [rows, { total, active }, executions] = await Promise.all([
    selectRulePage(ctx.db, user, where, query),
    countRuleStats(ctx.db, where),
    countExecutionsOfRules(ctx.db, where),
  ]);
  return {
    data: rows.map(toRuleView),
    pagination: toPagination(query.page, query.limit, total),
    stats: { active, inactive: total - active, executions },
  };
}

async function loadRuleView(ctx: AppContext, user: SessionUser, id: string): Promise<TEventRule> {
  const row = await findRuleRow(ctx.db, user, id);
  if (!row) throw new Error(`rule ${id} vanished`);
  return toRuleView(row);
}

export async function getRule(ctx: AppContext, user: SessionUser, id: string): Promise<TEventRule> {
  await requireAccess(ctx, user, ruleAccess, id, 'read');
  return loadRuleView(ctx, user, id);
}

async function assertEventOfApplication(ctx: AppContext, eventId: string, applicationId: string) {
  if (!(await isEventOfApplication(ctx.db, eventId, applicationId)))
    throw badRequest(EVENT_OF_OTHER_APPLICATION);
}

/**
 * The references of a rule hold together: its route is a route of its application, its event type
 * a type of that route (whose alias becomes the condition type), its linked event an event of the
 * application. Answers the rule as stored.
 */
async function resolveRule(ctx: AppContext, input: TEventRuleInput) {
  if (!(await isRouteOfApplication(ctx.db, input.routeId, input.applicationId))) {
    throw badRequest(ROUTE_OF_OTHER_APPLICATION);
  }
  let type = input.conditions.type;
  if (input.routeEventTypeId) {
    const alias = await findEventTypeAliasOfRoute(ctx.db, input.routeEventTypeId, input.routeId);
    if (alias === undefined) throw badRequest(EVENT_TYPE_OF_OTHER_ROUTE);
    type = alias;
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
  await commitChange(ctx, CHANGE_CHANNELS.rules, async (tx) => {
    await refuseOverLimits(ctx, tx, { ...columns, id: null, type: columns.conditions.type });
    await insertRule(tx, { id, ...columns, createdBy: user.id, createdAt: now, updatedAt: now });
  });
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
  await commitChange(ctx, CHANGE_CHANNELS.rules, async (tx) => {
    await refuseOverLimits(ctx, tx, { ...columns, id, type: columns.conditions.type });
    await updateRuleColumns(tx, id, { ...columns, updatedAt: ctx.clock() });
  });
  return loadRuleView(ctx, user, id);
}

/** Its executions go with it (ON DELETE CASCADE). */
export async function deleteRule(ctx: AppContext, user: SessionUser, id: string) {
  await requireAccess(ctx, user, ruleAccess, id, 'delete');
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) => deleteRuleRow(tx, id));
}

/** Flips isActive in one statement, so two toggles never read the same state. */
export async function toggleRule(ctx: AppContext, user: SessionUser, id: string): Promise<TEventRule> {
  await requireAccess(ctx, user, ruleAccess, id, 'write');
  await commitChange(ctx, CHANGE_CHANNELS.rules, async (tx) => {
    const rule = await findRuleState(tx, id);
    // Turning a rule on counts against its event type's active rules.
    if (rule && !rule.isActive) await refuseOverLimits(ctx, tx, { ...rule, id, isActive: true });
    await flipRuleActive(tx, id, ctx.clock());
  });
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
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) =>
    updateRuleColumns(tx, id, { eventId, updatedAt: ctx.clock() }),
  );
  return loadRuleView(ctx, user, id);
}

export async function unlinkRuleEvent(ctx: AppContext, user: SessionUser, id: string): Promise<TEventRule> {
  await requireAccess(ctx, user, ruleAccess, id, 'write');
  await commitChange(ctx, CHANGE_CHANNELS.rules, (tx) =>
    updateRuleColumns(tx, id, { eventId: null, updatedAt: ctx.clock() }),
  );
  return loadRuleView(ctx, user, id);
}
