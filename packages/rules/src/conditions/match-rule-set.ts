import { readSegments } from '../paths/get-path';
import { type CompiledRule, compileRule } from './compile-rule';
import { matchValue } from './evaluate-rule';
import type { RuleEnvelope } from './types';
import type { ValueForms } from './value-forms';

export type RuleSetEntry<Id> = { id: Id; conditions: unknown };

/**
 * The active rules of one (application, alias), compiled together: each distinct field path is
 * read once per envelope however many conditions use it.
 */
export type CompiledRuleSet<Id> = {
  readonly rules: ReadonlyArray<{
    readonly id: Id;
    readonly compiled: CompiledRule;
    readonly slots: number[];
  }>;
  readonly paths: ReadonlyArray<readonly string[]>;
};

const UNREAD = Symbol('unread');

/** Never throws: a malformed rule compiles to one that never matches. */
export function compileRuleSet<Id>(rules: readonly RuleSetEntry<Id>[]): CompiledRuleSet<Id> {
  const paths: Array<readonly string[]> = [];
  const slotOf = new Map<string, number>();
  const compiledRules = (Array.isArray(rules) ? rules : []).map((rule) => {
    const compiled = compileRule(rule);
    const slots = compiled.conditions.map((condition) => {
      if (condition.segments === null) return -1;
      // JSON keeps segment lists distinct whatever characters the keys hold.
      const key = JSON.stringify(condition.segments);
      let slot = slotOf.get(key);
      if (slot === undefined) {
        slot = paths.push(condition.segments) - 1;
        slotOf.set(key, slot);
      }
      return slot;
    });
    return { id: rule?.id as Id, compiled, slots };
  });
  return { rules: compiledRules, paths };
}

/**
 * The ids of the rules that match, in the set's order. Each agrees with
 * `matchCompiledRule(rule, envelope)`; conditions short-circuit as there.
 */
export function matchRuleSet<Id>(set: CompiledRuleSet<Id>, envelope: RuleEnvelope): Id[] {
  const matched: Id[] = [];
  try {
    const values: unknown[] = new Array(set.paths.length).fill(UNREAD);
    const forms: ValueForms[] = [];
    const read = (slot: number): unknown => {
      let value = values[slot];
      if (value === UNREAD) {
        value = readSegments(envelope, set.paths[slot]);
        values[slot] = value;
        forms[slot] = {};
      }
      return value;
    };
    for (const { id, compiled, slots } of set.rules) {
      if (compiled.problem !== null) continue;
      const { conditions } = compiled;
      const isAnd = compiled.logic === 'AND';
      let isMatch = isAnd;
      for (let i = 0; i < conditions.length; i++) {
        const slot = slots[i];
        const isConditionMatch = slot >= 0 && matchValue(conditions[i], read(slot), forms[slot]);
        if (isConditionMatch !== isAnd) {
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
