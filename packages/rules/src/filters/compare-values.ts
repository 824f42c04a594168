import { toFiniteNumber } from '../values/parse-number';
import { toComparableText } from '../values/to-text';

/** `=`: numeric when both sides are numbers (10 equals '10.0'), otherwise by string form. */
export function isEqual(actual: unknown, expected: string): boolean {
  const actualNumber = toFiniteNumber(actual);
  const expectedNumber = toFiniteNumber(expected);
  if (actualNumber !== null && expectedNumber !== null) return actualNumber === expectedNumber;
  return toComparableText(actual) === expected;
}

/**
 * CONTAINS, case-insensitive on the string form. For arrays, true when any element's string form
 * contains the value (which covers equality).
 */
export function containsText(actual: unknown, expected: string): boolean {
  const needle = expected.toLowerCase();
  if (Array.isArray(actual)) {
    return actual.some((element) => toComparableText(element).toLowerCase().includes(needle));
  }
  return toComparableText(actual).toLowerCase().includes(needle);
}

export function compareNumbers(actual: number, operator: '>' | '<' | '>=' | '<=', expected: number): boolean {
  switch (operator) {
    case '>':
      return actual > expected;
    case '<':
      return actual < expected;
    case '>=':
      return actual >= expected;
    case '<=':
      return actual <= expected;
  }
}
