import { readSegments } from '../paths/get-path';
import { type CompiledCondition, type CompiledRule, compileRule } from './compile-rule';
import { matchValue } from './evaluate-rule';
import type { RuleEnvelope } from './types';
import type { ValueForms } from './value-forms';

export type RuleSetEntry<Id> = { id: Id; conditions: unknown };

/** A valid condition and the slot of its field path; null for an invalid one (never matches). */
type ConditionCheck = {
  readonly condition: CompiledCondition;
  readonly segments: readonly string[];
  readonly slot: number;
} | null;

/**
 * The active rules of one (application, alias), compiled together: each distinct field path is
 * read once per envelope however many conditions use it.
 */
export type CompiledRuleSet<Id> = {
  readonly rules: ReadonlyArray<{
    readonly id: Id;
    readonly compiled: CompiledRule;
    /** One per condition, in the rule's order. */
    readonly checks: readonly ConditionCheck[];
  }>;
  /** Distinct field paths; a check's `slot` indexes them. */
  readonly slotCount: number;
};

/** Never throws: a malformed rule compiles to one that never matches. */
export function compileRuleSet<Id>(rules: readonly RuleSetEntry<Id>[]): CompiledRuleSet<Id> {
  const slotOf = new Map<string, number>();
  const compiledRules = (Array.isArray(rules) ? rules : []).map((rule) => {
    const compiled = compileRule(rule);
    const checks = compiled.conditions.map((condition): ConditionCheck => {
      const { segments } = condition;
      if (segments === null) return null;
      // JSON keeps segment lists distinct whatever characters the keys hold.
      const key = JSON.stringify(segments);
      let slot = slotOf.get(key);
      if (slot === undefined) {
        slot = slotOf.size;
        slotOf.set(key, slot);
      }
      return { condition, segments, slot };
    });
    return { id: rule?.id as Id, compiled, checks };
  });
  return { rules: compiledRules, slotCount: slotOf.size };
}

/**
 * The ids of the rules that match, in the set's order. Each agrees with
 * `matchCompiledRule(rule, envelope)`; conditions short-circuit as there.
 */
export function matchRuleSet<Id>(set: CompiledRuleSet<Id>, envelope: RuleEnvelope): Id[] {
  const matched: Id[] = [];
  try {
    // A slot is read on first use; its forms object marks it read.
    const values: unknown[] = new Array(set.slotCount);
    const formsBySlot: Array<ValueForms | undefined> = new Array(set.slotCount);
    const matchCheck = (check: ConditionCheck): boolean => {
      if (check === null) return false;
      const { slot } = check;
      let forms = formsBySlot[slot];
      if (forms === undefined) {
        forms = {};
        formsBySlot[slot] = forms;
        values[slot] = readSegments(envelope, check.segments);
      }
      return matchValue(check.condition, values[slot], forms);
    };
    for (const { id, compiled, checks } of set.rules) {
      if (compiled.problem !== null) continue;
      const isAnd = compiled.logic === 'AND';
      let isMatch = isAnd;
      for (const check of checks) {
        if (matchCheck(check) !== isAnd) {
          isMatch = !isAnd;
          break;
        }
      }
      if (isMatch) matched.push(id);
    }
  } catch {
    // Defensive (reads and tests do not throw): answer the matches found before the failure.
  }
  return matched;
}
