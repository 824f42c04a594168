import { truncate } from '../values/to-text';
import type { RuleResult } from './types';

/** Longest reason kept: a reason quotes at most 100 characters of a value, this leaves room for the rest. */
export const MAX_EXPLAINED_REASON = 300;
/** Rules explained per event log; an alias with more candidates keeps the first ones (oldest first). */
export const MAX_EXPLAINED_RULES = 50;

export type ConditionExplanation = { field: string; operator: string; isMatch: boolean; reason: string };

/** Why one rule fired or not, as kept with an event log: reasons only, never a copy of the data. */
export type RuleExplanation = {
  ruleId: string;
  ruleName: string;
  isMatch: boolean;
  conditions: ConditionExplanation[];
};

const readConditions = (conditions: unknown): Array<Record<string, unknown>> => {
  const rules = (conditions as { rules?: unknown } | null)?.rules;
  return Array.isArray(rules) ? rules.map((rule) => (rule && typeof rule === 'object' ? rule : {})) : [];
};

const textOf = (value: unknown) => (typeof value === 'string' ? truncate(value, 100) : '');

/**
 * A rule's evaluation (`evaluateCompiledRule`) with each condition's field and operator as the rule
 * states them, every text bounded: what is stored per candidate rule of an emit.
 */
export function explainRule(
  rule: { id: string; name: string; conditions: unknown },
  result: RuleResult,
): RuleExplanation {
  const stated = readConditions(rule.conditions);
  return {
    ruleId: rule.id,
    ruleName: truncate(rule.name, 255),
    isMatch: result.match,
    conditions: result.conditions.map((condition, index) => ({
      field: textOf(stated[index]?.field),
      operator: textOf(stated[index]?.operator),
      isMatch: condition.match,
      reason: truncate(condition.reason, MAX_EXPLAINED_REASON),
    })),
  };
}
