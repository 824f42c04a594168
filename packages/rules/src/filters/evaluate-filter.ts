import { getPath } from '../paths/get-path';
import type { Lookup } from '../paths/own-property';
import { toFiniteNumber } from '../values/parse-number';
import { describeValue, toComparableText, truncate } from '../values/to-text';
import { compareNumbers, containsText, isEqual } from './compare-values';
import { readHeader } from './read-header';
import {
  FILTER_OPERATOR_LABELS,
  type Filter,
  type FilterInput,
  type FilterOperator,
  type FilterResult,
  isFilterOperator,
  isFilterOrigin,
  isNumericFilterOperator,
} from './types';

/**
 * Evaluates one filter against the emitted headers and body. Never throws: malformed filters
 * and inputs fail with a pt-BR reason instead.
 */
export function evaluateFilter(filter: Filter, input: FilterInput): FilterResult {
  try {
    return evaluateSafely(filter, input);
  } catch {
    // Defensive: evaluation only reads own data, but a filter must never break a delivery.
    const reason = 'Filtro inválido: erro ao avaliar';
    return { match: false, reason, outsiderReason: reason, actual: null, found: false };
  }
}

function evaluateSafely(filter: Filter, input: FilterInput): FilterResult {
  const raw: Partial<Record<keyof Filter, unknown>> =
    typeof filter === 'object' && filter !== null ? filter : {};
  const field = typeof raw.field === 'string' ? raw.field : '';
  const expected = toExpectedText(raw.value);
  const { origin, operator } = raw;
  const fieldLabel = describeField(field, origin);

  if (!isFilterOrigin(origin)) {
    return failure(
      `Filtro inválido: origem ${describeValue(origin)} não suportada (use HEADER ou BODY)`,
      null,
      false,
    );
  }
  if (!isFilterOperator(operator)) {
    return failure(`Filtro inválido: operador ${describeValue(operator)} não suportado`, null, false);
  }
  if (field.trim() === '') return failure('Filtro inválido: campo não informado', null, false);

  const lookup = readActual(origin, field, input);
  const expectation = `${FILTER_OPERATOR_LABELS[operator]} ${describeValue(expected)}`;

  if (!lookup.found || lookup.value === null || lookup.value === undefined) {
    const actual = lookup.found ? lookup.value : null;
    // A missing value passes only `!=` with a non-empty value: absent is "different from x".
    if (operator === '!=' && expected.trim() !== '') return success(actual, lookup.found);
    const where = origin === 'HEADER' ? 'nos headers' : 'no body';
    const state = lookup.found ? `está ${lookup.value === null ? 'nulo' : 'indefinido'}` : 'não encontrado';
    return failure(
      `Campo "${truncate(field, 100)}" ${state} ${where} (esperado ${expectation})`,
      actual,
      lookup.found,
    );
  }

  const actual = lookup.value;
  if (isNumericFilterOperator(operator)) {
    const actualNumber = toFiniteNumber(actual);
    const expectedNumber = toFiniteNumber(expected);
    if (actualNumber === null || expectedNumber === null) {
      const prefix = `Comparação numérica exige números: ${fieldLabel} esperado ${expectation}, recebido`;
      return failure(`${prefix} ${describeValue(actual)}`, actual, true, hidden(origin, prefix, actual));
    }
    return compareNumbers(actualNumber, operator, expectedNumber)
      ? success(actual, true)
      : mismatch(origin, operator, fieldLabel, expectation, actual);
  }

  return applyTextOperator(operator, actual, expected)
    ? success(actual, true)
    : mismatch(origin, operator, fieldLabel, expectation, actual);
}

function applyTextOperator(
  operator: Exclude<FilterOperator, '>' | '<' | '>=' | '<='>,
  actual: unknown,
  expected: string,
) {
  switch (operator) {
    case '=':
      return isEqual(actual, expected);
    case '!=':
      return !isEqual(actual, expected);
    case 'CONTAINS':
      return containsText(actual, expected);
    case 'NOT_CONTAINS':
      return !containsText(actual, expected);
  }
}

function readActual(origin: 'HEADER' | 'BODY', field: string, input: FilterInput): Lookup {
  const source: Partial<FilterInput> = typeof input === 'object' && input !== null ? input : {};
  return origin === 'HEADER' ? readHeader(source.headers, field) : getPath(source.body, field);
}

/** Filter values are strings; anything else a client stored is read by its string form. */
function toExpectedText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return toComparableText(value);
}

function describeField(field: string, origin: unknown): string {
  return `campo "${truncate(field, 100)}" (${origin === 'HEADER' ? 'header' : 'body'})`;
}

function mismatch(
  origin: 'HEADER' | 'BODY',
  operator: FilterOperator,
  fieldLabel: string,
  expectation: string,
  actual: unknown,
): FilterResult {
  const label = fieldLabel.charAt(0).toUpperCase() + fieldLabel.slice(1);
  const prefix = `${label}: esperado ${expectation}, recebido`;
  return failure(
    `${prefix} ${describeValue(actual)}`,
    actual,
    true,
    hidden(origin, prefix, actual, operator),
  );
}

/**
 * The outsider's version of a reason that ends with the received value: a header value is the
 * emitter's own (it may carry tenants, tokens...), so it is replaced by "outro valor"; a body value
 * is the payload the subscriber receives anyway and stays quoted.
 */
function hidden(origin: 'HEADER' | 'BODY', prefix: string, actual: unknown, operator?: FilterOperator) {
  if (origin === 'BODY') return `${prefix} ${describeValue(actual)}`;
  // A failed "diferente de" received the very value the subscriber wrote.
  return `${prefix} ${operator === '!=' ? 'esse mesmo valor' : 'outro valor'}`;
}

function success(actual: unknown, found: boolean): FilterResult {
  return { match: true, reason: null, outsiderReason: null, actual, found };
}

function failure(reason: string, actual: unknown, found: boolean, outsiderReason = reason): FilterResult {
  return { match: false, reason, outsiderReason, actual, found };
}
