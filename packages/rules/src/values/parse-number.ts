/** Longest numeric string considered; longer strings are never numbers (bounds the work). */
const MAX_NUMERIC_LENGTH = 400;

/**
 * A finite decimal number: optional sign, digits with an optional fraction, optional exponent,
 * surrounding whitespace allowed (`'10'`, `' -1.5 '`, `'.5'`, `'1e3'`). Not `''`, `'0x10'`,
 * `'Infinity'` or `'1,5'` — unlike Number(), which accepts several of those.
 */
export function isDecimalNumberText(text: string): boolean {
  if (text.length > MAX_NUMERIC_LENGTH * 4) return false;
  const value = text.trim();
  if (value.length === 0 || value.length > MAX_NUMERIC_LENGTH) return false;
  let i = 0;
  if (value[i] === '+' || value[i] === '-') i++;
  const integerStart = i;
  while (i < value.length && isDigit(value.charCodeAt(i))) i++;
  let digits = i - integerStart;
  if (value[i] === '.') {
    i++;
    const fractionStart = i;
    while (i < value.length && isDigit(value.charCodeAt(i))) i++;
    digits += i - fractionStart;
  }
  if (digits === 0) return false;
  if (value[i] === 'e' || value[i] === 'E') {
    i++;
    if (value[i] === '+' || value[i] === '-') i++;
    const exponentStart = i;
    while (i < value.length && isDigit(value.charCodeAt(i))) i++;
    if (i === exponentStart) return false;
  }
  return i === value.length && Number.isFinite(Number(value));
}

/** The numeric value of a finite number or a decimal number string; null for anything else. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && isDecimalNumberText(value)) return Number(value.trim());
  return null;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
