import { toFiniteNumber } from '../values/parse-number';
import { toComparableText } from '../values/to-text';
import type { CompiledCondition, ConditionKind } from './compile-rule';
import { parseTimestamp } from './parse-timestamp';

/** The forms of one scalar computed so far, shared by the conditions reading the same field. */
export type ValueForms = { text?: string; lowered?: string; number?: number | null; date?: number | null };

/** The form of `value` a condition of `kind` compares; null when it has none (not a number/date). */
export function formOf(kind: ConditionKind, value: unknown, forms?: ValueForms): string | number | null {
  if (!forms) return computeForm(kind, value);
  switch (kind) {
    case 'text':
      forms.text ??= toComparableText(value);
      return forms.text;
    case 'lowered':
      forms.text ??= toComparableText(value);
      forms.lowered ??= forms.text.toLowerCase();
      return forms.lowered;
    case 'number':
      if (forms.number === undefined) forms.number = toFiniteNumber(value);
      return forms.number;
    case 'date':
      if (forms.date === undefined) forms.date = parseTimestamp(value);
      return forms.date;
  }
}

function computeForm(kind: ConditionKind, value: unknown): string | number | null {
  switch (kind) {
    case 'text':
      return toComparableText(value);
    case 'lowered':
      return toComparableText(value).toLowerCase();
    case 'number':
      return toFiniteNumber(value);
    case 'date':
      return parseTimestamp(value);
  }
}

/**
 * What an evaluation has scanned so far: the characters of text its text conditions (EQUALS,
 * CONTAINS_*, REGEX) read, once per condition and value. The caller bounds a run by it.
 */
export type ScanMeter = { scanned: number };

/** Whether a text is past the condition's limit (REGEX): then it is not scanned and does not match. */
export const isOverTextLimit = (condition: CompiledCondition, form: string | number | null) =>
  condition.maxTextLength !== undefined && typeof form === 'string' && form.length > condition.maxTextLength;

/** Whether one scalar satisfies a valid condition; `meter` counts the text read. */
export function testScalar(
  condition: CompiledCondition,
  value: unknown,
  forms?: ValueForms,
  meter?: ScanMeter,
): boolean {
  const form = formOf(condition.kind, value, forms);
  if (form === null || isOverTextLimit(condition, form)) return false;
  if (meter && typeof form === 'string') meter.scanned += form.length;
  return condition.test(form, value);
}
