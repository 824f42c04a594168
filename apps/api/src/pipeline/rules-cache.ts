import {
  type CompiledRuleSet,
  compileRuleSet,
  evaluateCompiledRule,
  explainRule,
  MAX_EXPLAINED_RULES,
  matchRuleSet,
  type RuleEnvelope,
  type RuleExplanation,
} from '@wm/rules';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { createChangeCache } from '../db/change-cache';
import { CHANGE_CHANNELS } from '../db/change-channel';
import { routeEventTypes, routes, rules } from '../db/schema';

/** An active rule as the consumer runs it: what its action needs. */
export type RunnableRule = { id: string; name: string; eventId: string | null; routeId: string };

/** The active rules of one (application, alias), compiled together: paths shared by rules are read once. */
export type AliasRules = {
  rules: RunnableRule[];
  /** The rules that match, oldest first. */
  match(envelope: RuleEnvelope): RunnableRule[];
  /**
   * The same matches, with why each candidate rule (the first MAX_EXPLAINED_RULES) fired or not:
   * what the event log keeps for the console's 'Avaliação das regras'.
   */
  evaluate(envelope: RuleEnvelope): { matched: RunnableRule[]; explanations: RuleExplanation[] };
};

export type RulesCache = {
  /** The active rules of `applicationId` whose condition type is `alias`, oldest first. */
  rulesFor(applicationId: string, alias: string): Promise<AliasRules>;
  /** Stops listening for changes. */
  stop(): Promise<void>;
};

/** Keys kept at most; past it the oldest is forgotten (each reload is one indexed query). */
const MAX_ENTRIES = 10_000;

/**
 * Compiled rules per (application, alias), in this process, emptied by any change to rules, routes
 * or route event types in any process.
 */
export function createRulesCache(ctx: AppContext): RulesCache {
  const cache = createChangeCache<{ applicationId: string; alias: string }, AliasRules>(ctx, {
    channel: CHANGE_CHANNELS.rules,
    label: 'rules',
    keyOf: ({ applicationId, alias }) => `${applicationId}\u0000${alias}`,
    load: ({ applicationId, alias }) => loadRules(ctx, applicationId, alias),
    maxEntries: MAX_ENTRIES,
  });
  return {
    rulesFor: (applicationId, alias) => cache.get({ applicationId, alias }),
    stop: () => cache.stop(),
  };
}

/** Active rules on an active route, whose event type (when they have one) is active. */
async function loadRules(ctx: AppContext, applicationId: string, alias: string): Promise<AliasRules> {
  const rows = await ctx.db
    .select({
      id: rules.id,
      name: rules.name,
      eventId: rules.eventId,
      routeId: rules.routeId,
      conditions: rules.conditions,
    })
    .from(rules)
    .innerJoin(routes, eq(routes.id, rules.routeId))
    .leftJoin(routeEventTypes, eq(routeEventTypes.id, rules.routeEventTypeId))
    .where(
      and(
        eq(rules.applicationId, applicationId),
        sql`(${rules.conditions}->>'type') = ${alias}`,
        eq(rules.isActive, true),
        eq(routes.isActive, true),
        or(isNull(rules.routeEventTypeId), eq(routeEventTypes.isActive, true)),
      ),
    )
    .orderBy(asc(rules.createdAt), asc(rules.id));
  const runnable: RunnableRule[] = rows.map(({ id, name, eventId, routeId }) => ({
    id,
    name,
    eventId,
    routeId,
  }));
  const set: CompiledRuleSet<RunnableRule> = compileRuleSet(
    rows.map((row, index) => ({ id: runnable[index] as RunnableRule, conditions: row.conditions })),
  );
  const match = (envelope: RuleEnvelope) => matchRuleSet(set, envelope);
  return {
    rules: runnable,
    match,
    evaluate(envelope) {
      const explanations = set.rules
        .slice(0, MAX_EXPLAINED_RULES)
        .map(({ id, compiled }, index) =>
          explainRule(
            { id: id.id, name: id.name, conditions: rows[index]?.conditions },
            evaluateCompiledRule(compiled, envelope),
          ),
        );
      return { matched: match(envelope), explanations };
    },
  };
}
