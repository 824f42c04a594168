import type { RE2JS } from 're2js';
import { isForbiddenKey } from '../paths/own-property';
import { parsePath } from '../paths/parse-path';
import { toFiniteNumber } from '../values/parse-number';
import { describeValue, truncate } from '../values/to-text';
import { compileRegex } from './check-regex-pattern';
import { parseTimestamp } from './parse-timestamp';
import { ENVELOPE_KEYS, isRuleLogic, isRuleOperator, type RuleLogic, type RuleOperator } from './types';

/**
 * The form of a field value a condition compares: its text form (`text`), that text lower-cased
 * (`lowered`, case-insensitive text operators), a finite number (`number`) or epoch milliseconds
 * (`date`). A value with no number or date form never matches those conditions.
 */
export type ConditionKind = 'text' | 'lowered' | 'number' | 'date';

export type CompiledCondition = {
  /** The field as written, cut for reasons. */
  readonly label: string;
  /** Path segments from the envelope root; null when the condition is invalid. */
  readonly segments: readonly string[] | null;
  readonly kind: ConditionKind;
  /** Why the condition can never match (bad path, operator, threshold or pattern); null when valid. */
  readonly problem: string | null;
  /** pt-BR predicate used in reasons, e.g. `contém "a" ou "b"`, `é maior que 100`. */
  readonly expectation: string;
  /**
   * Tests one scalar given its form of `kind` (never null here) and the scalar itself; an array
   * field is tested element by element. Forms are computed by the caller so several conditions on
   * one field share them.
   */
  readonly test: (form: string | number, value: unknown) => boolean;
  /** A REGEX condition's longest text: a longer one is not scanned and does not match. */
  readonly maxTextLength?: number;
};

export type CompileOptions = {
  /** The longest text (UTF-16 characters) a REGEX condition scans; unlimited when left out. */
  maxRegexTextLength?: number;
};

export type CompiledRule = {
  readonly logic: RuleLogic;
  /** Why the rule can never match (no conditions, unknown logic); null when it can. */
  readonly problem: string | null;
  readonly conditions: readonly CompiledCondition[];
};

/** Values listed in a reason before `e mais n`. */
const LISTED_VALUES = 5;
const ENVELOPE_KEY_SET: ReadonlySet<string> = new Set(ENVELOPE_KEYS);
const NEVER = () => false;

/**
 * Prepares a rule for repeated evaluation: paths parsed, thresholds and dates parsed, regexes
 * compiled on re2js. Never throws: whatever is malformed becomes a `problem` that never matches.
 */
export function compileRule(rule: unknown, options: CompileOptions = {}): CompiledRule {
  try {
    return compileSafely(rule, options);
  } catch {
    // Defensive: compilation reads plain data only, but a bad rule must never break a consumer.
    return { logic: 'AND', problem: 'regra inválida: erro ao compilar', conditions: [] };
  }
}

function compileSafely(rule: unknown, options: CompileOptions): CompiledRule {
  const conditions = readObject(readObject(rule).conditions);
  const logic = conditions.logic ?? 'AND';
  const list = Array.isArray(conditions.rules) ? conditions.rules : [];
  const compiled = list.map((condition) => compileCondition(condition, options));
  if (!isRuleLogic(logic)) {
    return {
      logic: 'AND',
      problem: `lógica ${describeValue(logic)} inválida (use AND ou OR)`,
      conditions: compiled,
    };
  }
  return { logic, problem: compiled.length === 0 ? 'regra sem condições' : null, conditions: compiled };
}

export function compileCondition(condition: unknown, options: CompileOptions = {}): CompiledCondition {
  const raw = readObject(condition);
  const field = typeof raw.field === 'string' ? raw.field : '';
  const label = truncate(field, 100);
  const operator = raw.operator;
  const caseSensitive = raw.caseSensitive === true;
  const values = Array.isArray(raw.values)
    ? raw.values.filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    : [];

  const segments = parseFieldPath(field);
  if (!segments) return invalid(label, fieldProblem(field));
  if (!isRuleOperator(operator)) return invalid(label, `operador ${describeValue(operator)} não suportado`);
  if (!hasValues(values)) return invalid(label, `condição em ${label} sem valores`);

  const compiled = compileOperator(operator, values, caseSensitive);
  if ('problem' in compiled) return invalid(label, compiled.problem);
  const limit = operator === 'REGEX' ? options.maxRegexTextLength : undefined;
  return {
    label,
    segments,
    problem: null,
    ...compiled,
    ...(limit === undefined ? {} : { maxTextLength: limit }),
  };
}

type OperatorParts = Pick<CompiledCondition, 'kind' | 'expectation' | 'test'>;

/** At least one value: numeric and date operators compare against the first. */
type ConditionValues = [string, ...string[]];

function hasValues(values: string[]): values is ConditionValues {
  return values.length > 0;
}

function compileOperator(
  operator: RuleOperator,
  values: ConditionValues,
  caseSensitive: boolean,
): OperatorParts | { problem: string } {
  switch (operator) {
    case 'EQUALS':
      return compileEquals(values, caseSensitive);
    case 'CONTAINS_ANY':
      return compileContains(values, caseSensitive, 'any');
    case 'CONTAINS_ALL':
      return compileContains(values, caseSensitive, 'all');
    case 'REGEX':
      return compileRegexCondition(values, caseSensitive);
    case 'GREATER_THAN':
    case 'LESS_THAN':
      return compileNumber(operator, values[0]);
    case 'DATE_AFTER':
    case 'DATE_BEFORE':
      return compileDate(operator, values[0]);
  }
}

function compileEquals(values: string[], caseSensitive: boolean): OperatorParts {
  const expected = caseSensitive ? values : values.map(lower);
  const numbers = values.map(toFiniteNumber).filter((value): value is number => value !== null);
  return {
    kind: caseSensitive ? 'text' : 'lowered',
    expectation: `é igual a ${listValues(values, 'ou')}${caseNote(caseSensitive)}`,
    test: (text, value) =>
      // A JSON number equals any spelling of it: 10 = '10.0'.
      (typeof value === 'number' && numbers.includes(value)) || expected.includes(text as string),
  };
}

function compileContains(values: string[], caseSensitive: boolean, mode: 'any' | 'all'): OperatorParts {
  const needles = caseSensitive ? values : values.map(lower);
  return {
    kind: caseSensitive ? 'text' : 'lowered',
    expectation: `contém ${listValues(values, mode === 'any' ? 'ou' : 'e')}${caseNote(caseSensitive)}`,
    test:
      mode === 'any'
        ? (text) => {
            for (const needle of needles) if ((text as string).includes(needle)) return true;
            return false;
          }
        : (text) => {
            for (const needle of needles) if (!(text as string).includes(needle)) return false;
            return true;
          },
  };
}

function compileRegexCondition(
  patterns: string[],
  caseSensitive: boolean,
): OperatorParts | { problem: string } {
  const regexes: RE2JS[] = [];
  for (const pattern of patterns) {
    const compiled = compileRegex(pattern, caseSensitive);
    if ('reason' in compiled) return { problem: compiled.reason };
    regexes.push(compiled.regex);
  }
  const shown = patterns.slice(0, LISTED_VALUES).map((pattern) => `/${truncate(pattern, 100)}/`);
  const more = patterns.length > LISTED_VALUES ? ` e mais ${patterns.length - LISTED_VALUES}` : '';
  return {
    // re2js folds case itself (CASE_INSENSITIVE), so it reads the text as written.
    kind: 'text',
    expectation: `corresponde a ${shown.join(' ou ')}${more}${caseNote(caseSensitive)}`,
    test: (text) => {
      for (const regex of regexes) if (regex.test(text as string)) return true;
      return false;
    },
  };
}

function compileNumber(
  operator: 'GREATER_THAN' | 'LESS_THAN',
  threshold: string,
): OperatorParts | { problem: string } {
  const limit = toFiniteNumber(threshold);
  if (limit === null) return { problem: `limite ${describeValue(threshold)} não é um número` };
  const isGreater = operator === 'GREATER_THAN';
  return {
    kind: 'number',
    expectation: `é ${isGreater ? 'maior' : 'menor'} que ${limit}`,
    test: isGreater ? (number) => (number as number) > limit : (number) => (number as number) < limit,
  };
}

function compileDate(
  operator: 'DATE_AFTER' | 'DATE_BEFORE',
  reference: string,
): OperatorParts | { problem: string } {
  const limit = parseTimestamp(reference);
  if (limit === null) {
    return {
      problem: `data de referência ${describeValue(reference)} inválida (use ISO 8601 ou epoch em milissegundos)`,
    };
  }
  const isAfter = operator === 'DATE_AFTER';
  return {
    kind: 'date',
    expectation: `é ${isAfter ? 'posterior' : 'anterior'} a ${new Date(limit).toISOString()}`,
    test: isAfter ? (time) => (time as number) > limit : (time) => (time as number) < limit,
  };
}

/** Segments of a condition field; the first names an envelope key (`data`, `eventType`…). */
function parseFieldPath(field: string): string[] | null {
  const segments = parsePath(field.startsWith('$.') ? field.slice(2) : field);
  if (!segments) return null;
  const [envelopeKey] = segments;
  if (envelopeKey === undefined || !ENVELOPE_KEY_SET.has(envelopeKey)) return null;
  return segments.some(isForbiddenKey) ? null : segments;
}

function fieldProblem(field: string): string {
  if (field.trim() === '') return 'campo não informado';
  const segments = parsePath(field.startsWith('$.') ? field.slice(2) : field);
  if (!segments) return `campo ${describeValue(field)} inválido`;
  if (segments.some(isForbiddenKey)) return `campo ${describeValue(field)} usa uma chave proibida`;
  return `campo ${describeValue(field)} deve começar por data, eventType, applicationId, organizationId ou externalEventId`;
}

function invalid(label: string, problem: string): CompiledCondition {
  return { label, segments: null, kind: 'text', problem, expectation: '', test: NEVER };
}

function listValues(values: string[], joiner: 'ou' | 'e'): string {
  const shown = values.slice(0, LISTED_VALUES).map((value) => describeValue(value));
  const more = values.length > LISTED_VALUES ? ` e mais ${values.length - LISTED_VALUES}` : '';
  return `${shown.join(` ${joiner} `)}${more}`;
}

function caseNote(caseSensitive: boolean): string {
  return caseSensitive ? ' (diferenciando maiúsculas e minúsculas)' : '';
}

function lower(text: string): string {
  return text.toLowerCase();
}

function readObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
