/**
 * Rule condition operators and the REGEX check. The rules engine package is to own these; until it
 * exports them they live here, and this file becomes a re-export.
 */
export const RULE_OPERATORS = [
  'EQUALS',
  'CONTAINS_ANY',
  'CONTAINS_ALL',
  'REGEX',
  'GREATER_THAN',
  'LESS_THAN',
  'DATE_AFTER',
  'DATE_BEFORE',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const RULE_LOGICS = ['AND', 'OR'] as const;
export type RuleLogic = (typeof RULE_LOGICS)[number];

export const MAX_REGEX_LENGTH = 1000;

/** Whether a REGEX value can be saved: at most 1,000 characters and a pattern that compiles. */
export function checkRulePattern(pattern: string): { ok: true } | { ok: false; reason: string } {
  if (pattern.length > MAX_REGEX_LENGTH)
    return { ok: false, reason: 'expressão regular deve ter no máximo 1.000 caracteres' };
  try {
    new RegExp(pattern, 'u');
    return { ok: true };
  } catch {
    return { ok: false, reason: 'expressão regular inválida' };
  }
}
