import { type CompiledCondition, compileRule } from '../conditions/compile-rule';
import { evaluateRule, matchValue } from '../conditions/evaluate-rule';
import { parseTimestamp } from '../conditions/parse-timestamp';
import type { RuleConditions } from '../conditions/types';
import { isPlainObject } from '../paths/own-property';
import type { SampleField } from '../samples/build-sample-payload';
import { toFiniteNumber } from '../values/parse-number';
import { buildRoutePayload, type EmitPayload, placeValue, toDataSegments } from './build-route-payload';
import { generateRegexSample } from './generate-regex-sample';

/**
 * `isMatching` is `evaluateRule(rule, payload).match`, checked, never assumed; `problems` says in
 * pt-BR which conditions could not be satisfied (empty when it matches).
 */
export type RulePayload = { payload: EmitPayload; isMatching: boolean; problems: string[] };

type Condition = {
  compiled: CompiledCondition;
  operator: string;
  values: string[];
  caseSensitive: boolean;
};

/** Conditions on one field path; never empty. */
type ConditionGroup = [Condition, ...Condition[]];

const DAY_MS = 86_400_000;

/**
 * An emit envelope that fires the rule: `eventType` is the rule's alias, route fields get sample
 * values of their type, and condition fields get values GENERATED to satisfy them — EQUALS a value,
 * CONTAINS_ANY one value, CONTAINS_ALL all of them in one text, GREATER_THAN a larger number,
 * LESS_THAN a smaller one, DATE_AFTER a later date, DATE_BEFORE an earlier one, REGEX a string
 * built from the pattern. AND satisfies every condition (several on one field share one value, or
 * an array with one element per condition when no single value can); OR the first condition that
 * can be satisfied. Starts from `example` (an event type's example payload) when given. Deterministic:
 * identical input gives identical output.
 */
export function buildRulePayload(
  conditions: RuleConditions,
  fields: readonly SampleField[],
  applicationId: string,
  example?: unknown,
): RulePayload {
  const alias = typeof conditions?.type === 'string' ? conditions.type : '';
  const base = buildRoutePayload(fields, alias, applicationId, example);
  try {
    return buildSafely(conditions, fields, base);
  } catch {
    // Defensive: generation reads plain data only; a malformed rule gets the route sample.
    return { payload: base, isMatching: false, problems: ['não foi possível gerar um payload para a regra'] };
  }
}

function buildSafely(
  conditions: RuleConditions,
  fields: readonly SampleField[],
  base: EmitPayload,
): RulePayload {
  const rule = { conditions };
  const compiled = compileRule(rule);
  if (compiled.problem !== null) return { payload: base, isMatching: false, problems: [compiled.problem] };
  const rawList = Array.isArray(conditions.rules) ? conditions.rules : [];
  const list: Condition[] = compiled.conditions.map((condition, index) =>
    normalise(condition, rawList[index]),
  );
  const arrayPaths = new Set(
    (Array.isArray(fields) ? fields : [])
      .filter((field) => field?.type === 'array')
      .map((field) => JSON.stringify(toDataSegments(field.path))),
  );

  if (compiled.logic === 'OR') {
    for (const condition of list) {
      const payload = clonePayload(base);
      if (satisfy(payload, [condition], arrayPaths) === null && evaluateRule(rule, payload).match) {
        return { payload, isMatching: true, problems: [] };
      }
    }
    const reasons = list.map((condition, index) => describeFailure(condition, index, base, rule));
    return { payload: base, isMatching: false, problems: ['nenhuma condição pôde ser atendida', ...reasons] };
  }

  const payload = clonePayload(base);
  const problems: string[] = [];
  for (const group of groupByField(list)) {
    const problem = satisfy(payload, group, arrayPaths);
    if (problem !== null) problems.push(problem);
  }
  const result = evaluateRule(rule, payload);
  if (!result.match && problems.length === 0) {
    for (const condition of result.conditions) if (!condition.match) problems.push(condition.reason);
  }
  return { payload, isMatching: result.match, problems: result.match ? [] : problems };
}

function normalise(compiled: CompiledCondition, raw: unknown): Condition {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const values = Array.isArray(record.values)
    ? record.values.filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    : [];
  return {
    compiled,
    operator: typeof record.operator === 'string' ? record.operator : '',
    values,
    caseSensitive: record.caseSensitive === true,
  };
}

/** Conditions on the same path, in the order their paths first appear. */
function groupByField(list: Condition[]): ConditionGroup[] {
  const groups = new Map<string, ConditionGroup>();
  for (const condition of list) {
    const key = JSON.stringify(condition.compiled.segments);
    const group = groups.get(key);
    if (group) group.push(condition);
    else groups.set(key, [condition]);
  }
  return [...groups.values()];
}

/** Writes a value satisfying every condition of the group; the pt-BR problem when it cannot. */
function satisfy(
  payload: EmitPayload,
  group: ConditionGroup,
  arrayPaths: ReadonlySet<string>,
): string | null {
  const first = group[0].compiled;
  if (first.segments === null) return first.problem ?? 'condição inválida';
  const label = first.label;
  const value = findValue(group);
  if (value === NONE)
    return `não foi possível gerar um valor para ${label} que atenda ${describeGroup(group)}`;
  const [root, ...rest] = first.segments;
  if (root === 'data') {
    const wrapped = arrayPaths.has(JSON.stringify(rest)) && !Array.isArray(value) ? [value] : value;
    if (rest.length === 0) {
      payload.data = wrapped;
      return null;
    }
    if (!isPlainObject(payload.data)) payload.data = {};
    return placeValue(payload.data as Record<string, unknown>, rest, wrapped)
      ? null
      : `não foi possível escrever ${label} no payload`;
  }
  if (
    (root === 'organizationId' || root === 'externalEventId') &&
    rest.length === 0 &&
    typeof value === 'string'
  ) {
    payload[root] = value;
    return null;
  }
  // eventType and applicationId are the rule's own; the final check reports a condition they fail.
  return null;
}

const NONE = Symbol('none');

/** The first candidate that satisfies every condition; then one array element per condition. */
function findValue(group: Condition[]): unknown {
  const isSatisfied = (value: unknown) => group.every((condition) => matchValue(condition.compiled, value));
  for (const candidate of candidates(group)) if (isSatisfied(candidate)) return candidate;
  if (group.length === 1) return NONE;
  // A field that is an array matches when any element does, so each condition may bring its own.
  const elements: unknown[] = [];
  for (const condition of group) {
    const element = findValue([condition]);
    if (element === NONE) return NONE;
    elements.push(element);
  }
  return isSatisfied(elements) ? elements : NONE;
}

function candidates(group: Condition[]): unknown[] {
  const result: unknown[] = [];
  const equals = group.filter((c) => c.operator === 'EQUALS').flatMap((c) => c.values);
  result.push(...equals);

  const lower = maxOf(group, 'GREATER_THAN', toFiniteNumber);
  const upper = minOf(group, 'LESS_THAN', toFiniteNumber);
  if (lower !== null || upper !== null) {
    const number = between(lower, upper, 1);
    if (number !== null) result.push(number);
  }

  const after = maxOf(group, 'DATE_AFTER', parseTimestamp);
  const before = minOf(group, 'DATE_BEFORE', parseTimestamp);
  if (after !== null || before !== null) {
    const time = between(after, before, DAY_MS);
    if (time !== null) {
      if (Math.abs(time) <= 253_402_300_799_999) result.push(new Date(time).toISOString());
      result.push(time);
    }
  }

  const pieces = [
    ...group.filter((c) => c.operator === 'CONTAINS_ALL').flatMap((c) => c.values),
    ...group.filter((c) => c.operator === 'CONTAINS_ANY').map((c) => c.values[0]),
  ].filter((piece): piece is string => typeof piece === 'string');
  const samples = group
    .filter((c) => c.operator === 'REGEX')
    .map((c) => firstSample(c))
    .filter((sample): sample is string => sample !== null);
  const text = pieces.join(' ');
  const regexText = samples.join(' ');
  if (samples.length > 0) {
    result.push(regexText);
    if (pieces.length > 0) result.push(`${regexText} ${text}`, `${text} ${regexText}`);
    if (samples.length > 1) result.push([...samples].reverse().join(' '));
  }
  if (pieces.length > 0) result.push(text);
  return result;
}

function firstSample(condition: Condition): string | null {
  for (const pattern of condition.values) {
    const sample = generateRegexSample(pattern, condition.caseSensitive);
    if (sample !== null) return sample;
  }
  return null;
}

/** A value strictly between the bounds (either may be open), preferring `lower + step`. */
function between(lower: number | null, upper: number | null, step: number): number | null {
  const options: number[] = [];
  if (lower !== null)
    options.push(Math.floor(lower) + step, lower + step, lower + 1, lower > 0 ? lower * 2 : lower / 2);
  if (upper !== null)
    options.push(Math.ceil(upper) - step, upper - step, upper - 1, upper < 0 ? upper * 2 : upper / 2);
  if (lower !== null && upper !== null) options.unshift(Math.floor(lower) + 1, (lower + upper) / 2);
  return (
    options.find(
      (value) =>
        Number.isFinite(value) && (lower === null || value > lower) && (upper === null || value < upper),
    ) ?? null
  );
}

/** The first value of each `operator` condition, parsed; null where it is absent or unparsable. */
function limitsOf(
  group: Condition[],
  operator: string,
  parse: (value: string) => number | null,
): Array<number | null> {
  return group
    .filter((c) => c.operator === operator)
    .map(({ values: [value] }) => (value === undefined ? null : parse(value)));
}

function maxOf(group: Condition[], operator: string, parse: (value: string) => number | null): number | null {
  const limits = limitsOf(group, operator, parse);
  return limits.reduce<number | null>(
    (max, limit) => (limit !== null && (max === null || limit > max) ? limit : max),
    null,
  );
}

function minOf(group: Condition[], operator: string, parse: (value: string) => number | null): number | null {
  const limits = limitsOf(group, operator, parse);
  return limits.reduce<number | null>(
    (min, limit) => (limit !== null && (min === null || limit < min) ? limit : min),
    null,
  );
}

function describeGroup(group: Condition[]): string {
  return group.map((condition) => condition.compiled.expectation || condition.operator).join(' e ');
}

/** Why one OR condition could not be satisfied: its problem, or its reason on its best attempt. */
function describeFailure(
  condition: Condition,
  index: number,
  base: EmitPayload,
  rule: { conditions: RuleConditions },
): string {
  const payload = clonePayload(base);
  const problem = satisfy(payload, [condition], new Set());
  if (problem !== null) return problem;
  return evaluateRule(rule, payload).conditions[index]?.reason ?? 'condição não atendida';
}

function clonePayload(payload: EmitPayload): EmitPayload {
  return structuredClone(payload);
}
