import {
  type CompiledRuleSet,
  type CompileOptions,
  compileRuleSet,
  explainRule,
  MAX_EXPLAINED_RULES,
  runRuleSet,
} from '@wm/rules';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { createChangeCacheOnFirstRead } from '../db/change-cache';
import { CHANGE_CHANNELS } from '../db/change-channel';
import { routeEventTypes, routes, rules } from '../db/schema';
import type { AliasRules, RulesCache, RunnableRule } from './rules-dependencies';

/** Keys kept at most; past it the oldest is forgotten (each reload is one indexed query). */
const MAX_ENTRIES = 10_000;

/**
 * Compiled rules per (application, alias), in this process, emptied by any change to rules, routes
 * or route event types in any process: at once when the caller read a newer version of the rules
 * than this process has heard of, else when the change's notification arrives. It listens from the
 * first read, so a process that runs no rules holds no connection for it.
 */
export function createRulesCache(ctx: RulesCacheContext): RulesCache {
  const cache = createChangeCacheOnFirstRead<{ applicationId: string; alias: string }, AliasRules>(ctx, {
    channel: CHANGE_CHANNELS.rules,
    label: 'rules',
    keyOf: ({ applicationId, alias }) => `${applicationId}\u0000${alias}`,
    load: ({ applicationId, alias }) =>
      loadRules(ctx, applicationId, alias, { maxRegexTextLength: ctx.config.RULES_REGEX_MAX_TEXT_LENGTH }),
    maxEntries: MAX_ENTRIES,
  });
  return {
    rulesFor: (applicationId, alias, atLeastVersion) => cache.get({ applicationId, alias }, atLeastVersion),
    stop: () => cache.stop(),
  };
}

type RulesCacheContext = Pick<AppContext, 'database' | 'db' | 'logger' | 'localChanges' | 'config'>;

/** Active rules on an active route, whose event type (when they have one) is active. */
async function loadRules(
  ctx: Pick<AppContext, 'db'>,
  applicationId: string,
  alias: string,
  options: CompileOptions,
): Promise<AliasRules> {
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
  return toAliasRules(rows, options);
}

/** Rules as read (oldest first), ready to run: compiled as each run first reaches them. */
export function toAliasRules(
  rows: Array<RunnableRule & { conditions: unknown }>,
  options: CompileOptions,
): AliasRules {
  const runnable: RunnableRule[] = rows.map(({ id, name, eventId, routeId }) => ({
    id,
    name,
    eventId,
    routeId,
  }));
  const set: CompiledRuleSet<RunnableRule> = compileRuleSet(
    rows.map((row, index) => ({ id: runnable[index] as RunnableRule, conditions: row.conditions })),
    options,
  );
  return {
    rules: runnable,
    *run(envelope, meter) {
      let index = 0;
      for (const step of runRuleSet(set, envelope, meter, MAX_EXPLAINED_RULES)) {
        const row = rows[index++];
        yield {
          rule: step.id,
          isMatch: step.isMatch,
          ...(step.result
            ? {
                explanation: explainRule(
                  { id: step.id.id, name: step.id.name, conditions: row?.conditions },
                  step.result,
                ),
              }
            : {}),
        };
      }
    },
  };
}
