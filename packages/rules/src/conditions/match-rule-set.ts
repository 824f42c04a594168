import { readSegments } from '../paths/get-path';
import { type CompiledCondition, type CompiledRule, type CompileOptions, compileRule } from './compile-rule';
import { evaluateCompiledRule, matchValue } from './evaluate-rule';
import type { RuleEnvelope, RuleResult } from './types';
import type { ScanMeter, ValueForms } from './value-forms';

export type RuleSetEntry<Id> = { id: Id; conditions: unknown };

/** A valid condition and the slot of its field path; null for an invalid one (never matches). */
type ConditionCheck = {
  readonly condition: CompiledCondition;
  readonly segments: readonly string[];
  readonly slot: number;
} | null;

type CompiledEntry<Id> = {
  readonly id: Id;
  readonly compiled: CompiledRule;
  /** One per condition, in the rule's order. */
  readonly checks: readonly ConditionCheck[];
};

/**
 * The active rules of one (application, alias), compiled together: each distinct field path is
 * read once per envelope however many conditions use it. A rule is compiled the first time a run
 * reaches it (and kept), so compiling thousands of regexes is spread over the runs' steps too.
 */
export type CompiledRuleSet<Id> = {
  readonly size: number;
  /** The rule at `index`, compiled on first use. */
  ruleAt(index: number): CompiledEntry<Id>;
};

/** Never throws: a malformed rule compiles to one that never matches. */
export function compileRuleSet<Id>(
  rules: readonly RuleSetEntry<Id>[],
  options: CompileOptions = {},
): CompiledRuleSet<Id> {
  const entries = Array.isArray(rules) ? rules : [];
  const slotOf = new Map<string, number>();
  const compiledRules: Array<CompiledEntry<Id> | undefined> = new Array(entries.length);
  const compileAt = (index: number): CompiledEntry<Id> => {
    const rule = entries[index];
    const compiled = compileRule(rule, options);
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
  };
  return {
    size: entries.length,
    ruleAt(index) {
      let entry = compiledRules[index];
      if (entry === undefined) {
        entry = compileAt(index);
        compiledRules[index] = entry;
      }
      return entry;
    },
  };
}

/**
 * The ids of the rules that match, in the set's order. Each agrees with
 * `matchCompiledRule(rule, envelope)`; conditions short-circuit as there.
 */
export function matchRuleSet<Id>(set: CompiledRuleSet<Id>, envelope: RuleEnvelope): Id[] {
  const matched: Id[] = [];
  try {
    for (const step of runRuleSet(set, envelope, { scanned: 0 })) if (step.isMatch) matched.push(step.id);
    return matched;
  } catch {
    // Defensive (reads and tests do not throw): answer the matches found before the failure.
    return matched;
  }
}

/** One rule of a set evaluated: whether it matched, and with `explainFirst` its reasons. */
export type RuleSetStep<Id> = { id: Id; isMatch: boolean; result?: RuleResult };

/**
 * The set's rules evaluated one at a time, in order: the caller may stop (or pause) between two,
 * reading `meter` for the text scanned so far. The first `explainFirst` rules are evaluated whole
 * with their reasons (`evaluateCompiledRule`); the others short-circuit as `matchRuleSet` does.
 */
export function* runRuleSet<Id>(
  set: CompiledRuleSet<Id>,
  envelope: RuleEnvelope,
  meter: ScanMeter,
  explainFirst = 0,
): Generator<RuleSetStep<Id>, void, void> {
  // A slot is read on first use; its forms object marks it read.
  const values: unknown[] = [];
  const formsBySlot: Array<ValueForms | undefined> = [];
  const matchCheck = (check: ConditionCheck): boolean => {
    if (check === null) return false;
    const { slot } = check;
    let forms = formsBySlot[slot];
    if (forms === undefined) {
      forms = {};
      formsBySlot[slot] = forms;
      values[slot] = readSegments(envelope, check.segments);
    }
    return matchValue(check.condition, values[slot], forms, meter);
  };
  for (let index = 0; index < set.size; index++) {
    const { id, compiled, checks } = set.ruleAt(index);
    if (index < explainFirst) {
      const result = evaluateCompiledRule(compiled, envelope, meter);
      yield { id, isMatch: result.match, result };
      continue;
    }
    if (compiled.problem !== null) {
      yield { id, isMatch: false };
      continue;
    }
    const isAnd = compiled.logic === 'AND';
    let isMatch = isAnd;
    for (const check of checks) {
      if (matchCheck(check) !== isAnd) {
        isMatch = !isAnd;
        break;
      }
    }
    yield { id, isMatch };
  }
}
