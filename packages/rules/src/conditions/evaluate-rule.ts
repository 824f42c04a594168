import { getSegments, readSegments } from '../paths/get-path';
import { type Lookup, MISSING } from '../paths/own-property';
import { describeReceived } from '../values/to-text';
import { type CompiledCondition, type CompiledRule, compileRule } from './compile-rule';
import type { ConditionResult, RuleConditions, RuleEnvelope, RuleResult } from './types';
import { formOf, isOverTextLimit, type ScanMeter, testScalar, type ValueForms } from './value-forms';

/**
 * Evaluates a rule's conditions against an emit envelope, with a pt-BR reason per condition.
 * Never throws. Compile once with `compileRule` and call `evaluateCompiledRule` when the same
 * rule runs many times.
 */
export function evaluateRule(rule: { conditions: RuleConditions }, envelope: RuleEnvelope): RuleResult {
  return evaluateCompiledRule(compileRule(rule), envelope);
}

/** Every condition is evaluated and explained (no short-circuit), so a tester sees them all. */
export function evaluateCompiledRule(
  compiled: CompiledRule,
  envelope: RuleEnvelope,
  meter?: ScanMeter,
): RuleResult {
  try {
    const conditions = compiled.conditions.map((condition) => evaluateCondition(condition, envelope, meter));
    const matched = conditions.filter((condition) => condition.match).length;
    if (compiled.problem !== null) return { match: false, reason: compiled.problem, conditions };
    const isMatch = compiled.logic === 'AND' ? matched === conditions.length : matched > 0;
    return { match: isMatch, reason: summarise(compiled.logic, matched, conditions.length), conditions };
  } catch {
    // Defensive: a compiled rule only reads own data, but evaluation must never break a consumer.
    return { match: false, reason: 'erro ao avaliar a regra', conditions: [] };
  }
}

/**
 * The match alone, short-circuiting and building no text: what the consumer runs per emitted
 * event. Always agrees with `evaluateCompiledRule(compiled, envelope).match`.
 */
export function matchCompiledRule(compiled: CompiledRule, envelope: RuleEnvelope): boolean {
  try {
    if (compiled.problem !== null) return false;
    const { conditions } = compiled;
    if (compiled.logic === 'AND') {
      for (const condition of conditions) if (!matchCondition(condition, envelope)) return false;
      return true;
    }
    for (const condition of conditions) if (matchCondition(condition, envelope)) return true;
    return false;
  } catch {
    return false;
  }
}

function matchCondition(condition: CompiledCondition, envelope: unknown): boolean {
  if (condition.segments === null) return false;
  return matchValue(condition, readSegments(envelope, condition.segments));
}

/**
 * Whether a field's value (or MISSING) satisfies a valid condition; arrays by any element.
 * `forms` caches the derived forms of a scalar value across the conditions reading it.
 */
export function matchValue(
  condition: CompiledCondition,
  value: unknown,
  forms?: ValueForms,
  meter?: ScanMeter,
): boolean {
  if (value === MISSING || value === null || value === undefined) return false;
  if (!Array.isArray(value)) return testScalar(condition, value, forms, meter);
  for (let i = 0; i < value.length; i++) if (testScalar(condition, value[i], undefined, meter)) return true;
  return false;
}

function evaluateCondition(
  condition: CompiledCondition,
  envelope: unknown,
  meter?: ScanMeter,
): ConditionResult {
  if (condition.segments === null) return { match: false, reason: condition.problem ?? 'condição inválida' };
  const { label } = condition;
  const lookup: Lookup = getSegments(envelope, condition.segments);
  const { value } = lookup;
  if (!lookup.found || value === undefined) return { match: false, reason: `campo ${label} ausente` };
  if (value === null) return { match: false, reason: `campo ${label} é nulo` };
  // The rule's side is quoted; the value received only by its type and length (`received`).
  if (!Array.isArray(value)) {
    if (testScalar(condition, value, undefined, meter))
      return { match: true, reason: `${received(label, value)} ${condition.expectation}` };
    return { match: false, reason: `${received(label, value)} ${mismatch(condition, value)}` };
  }
  if (value.length === 0) return { match: false, reason: `campo ${label} é uma lista vazia` };
  for (let index = 0; index < value.length; index++) {
    if (testScalar(condition, value[index], undefined, meter)) {
      return {
        match: true,
        reason: `${received(`${label}[${index}]`, value[index])} ${condition.expectation}`,
      };
    }
  }
  return { match: false, reason: `nenhum item de ${label} ${condition.expectation}` };
}

const received = (label: string, value: unknown) => `${label} (${describeReceived(value)})`;

function mismatch(condition: CompiledCondition, value: unknown): string {
  const form = formOf(condition.kind, value);
  if (isOverTextLimit(condition, form)) {
    const length = typeof value === 'string' ? '' : `com ${(form as string).length} caracteres, `;
    return `${length}passa do limite de ${condition.maxTextLength} caracteres para REGEX (não avaliado)`;
  }
  const hasForm = form !== null;
  if (condition.kind === 'number' && !hasForm) return 'não é um número';
  if (condition.kind === 'date' && !hasForm) return 'não é uma data (ISO 8601 ou epoch em milissegundos)';
  return `não ${condition.expectation}`;
}

function summarise(logic: 'AND' | 'OR', matched: number, total: number): string {
  const rule = logic === 'AND' ? 'todas são exigidas' : 'basta uma';
  return `${matched} de ${total} condições atendidas (${logic}: ${rule})`;
}
