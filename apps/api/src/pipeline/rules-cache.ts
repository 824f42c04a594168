import { type CompiledRuleSet, compileRuleSet, matchRuleSet, type RuleEnvelope } from '@wm/rules';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { routeEventTypes, routes, rules } from '../db/schema';
import { listenForRulesChanges, onLocalRulesChange } from './rules-changed';

/** An active rule as the consumer runs it: what its action needs. */
export type RunnableRule = { id: string; name: string; eventId: string | null };

/** The active rules of one (application, alias), compiled together: paths shared by rules are read once. */
export type AliasRules = {
  rules: RunnableRule[];
  /** The rules that match, oldest first. */
  match(envelope: RuleEnvelope): RunnableRule[];
};

export type RulesCache = {
  /** The active rules of `applicationId` whose condition type is `alias`, oldest first. */
  rulesFor(applicationId: string, alias: string): Promise<AliasRules>;
  /** Stops listening for changes. */
  stop(): Promise<void>;
};

/** Keys kept at most; past it the oldest is forgotten (each reload is one indexed query). */
const MAX_ENTRIES = 10_000;

const RELISTEN_DELAY_MS = 5_000;

/**
 * Compiled rules per (application, alias), in this process. A change in any process empties it:
 * this process's changes at once, every process's through the database notification (which also
 * fires after a reconnection, when one may have been missed). No timer: an unchanged rule stays
 * compiled for as long as the process lives. Until the listening connection is up nothing is kept,
 * since a change could not be heard.
 */
export function createRulesCache(ctx: AppContext): RulesCache {
  const entries = new Map<string, Promise<AliasRules>>();
  const forget = () => entries.clear();
  const stopLocal = onLocalRulesChange(ctx, forget);
  let stopListening: (() => Promise<void>) | null = null;
  let isStopped = false;
  let retry: NodeJS.Timeout | null = null;

  const listen = () => {
    listenForRulesChanges(ctx, forget)
      .then(async (stop) => {
        if (isStopped) return stop();
        stopListening = stop;
        forget();
      })
      .catch((error) => {
        if (isStopped) return;
        ctx.logger.warn(
          { err: error },
          'rules cache cannot listen for changes yet; rules are read every time',
        );
        retry = setTimeout(listen, RELISTEN_DELAY_MS);
        retry.unref();
      });
  };
  listen();

  return {
    rulesFor(applicationId, alias) {
      if (!stopListening) return loadRules(ctx, applicationId, alias);
      const key = `${applicationId}\u0000${alias}`;
      const cached = entries.get(key);
      if (cached) return cached;
      // Stored before it resolves: a change meanwhile clears it, so a load that may have read the
      // old rules is used by the callers already waiting on it and by no later one.
      const loading = loadRules(ctx, applicationId, alias);
      entries.set(key, loading);
      loading.catch(() => {
        if (entries.get(key) === loading) entries.delete(key);
      });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return loading;
    },
    async stop() {
      isStopped = true;
      if (retry) clearTimeout(retry);
      stopLocal();
      forget();
      await stopListening?.();
    },
  };
}

/** Active rules on an active route, whose event type (when they have one) is active. */
async function loadRules(ctx: AppContext, applicationId: string, alias: string): Promise<AliasRules> {
  const rows = await ctx.db
    .select({ id: rules.id, name: rules.name, eventId: rules.eventId, conditions: rules.conditions })
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
  const runnable: RunnableRule[] = rows.map(({ id, name, eventId }) => ({ id, name, eventId }));
  const set: CompiledRuleSet<RunnableRule> = compileRuleSet(
    rows.map((row, index) => ({ id: runnable[index] as RunnableRule, conditions: row.conditions })),
  );
  return { rules: runnable, match: (envelope) => matchRuleSet(set, envelope) };
}
