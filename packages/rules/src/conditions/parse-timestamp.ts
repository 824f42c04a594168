import { toFiniteNumber } from '../values/parse-number';

/** Largest |epoch ms| a JavaScript date can hold. */
const MAX_EPOCH_MS = 8.64e15;
const DAY_MS = 86_400_000;

/**
 * Epoch milliseconds of an ISO 8601 date/date-time text or of an epoch-milliseconds number (or
 * numeric text); null for anything else, including impossible dates such as 2024-02-30.
 * Accepted texts: `2024-05-01`, `2024-05-01T10:00`, `2024-05-01 10:00:00.123Z`, `…+03:00`,
 * `…-0300`, `…+03`. A date or date-time without an offset is read as UTC, so a result never
 * depends on the machine.
 */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isFinite(value) && Math.abs(value) <= MAX_EPOCH_MS ? value : null;
  if (typeof value !== 'string' || value.length > 64) return null;
  const text = value.trim();
  const iso = parseIso(text);
  if (iso !== null) return iso;
  const epoch = toFiniteNumber(text);
  return epoch !== null && Math.abs(epoch) <= MAX_EPOCH_MS ? epoch : null;
}

/** A hand scanner (no regex, no Date): this runs once per date condition per emitted event. */
function parseIso(text: string): number | null {
  const length = text.length;
  if (length < 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const year = readDigits(text, 0, 4);
  const month = readDigits(text, 5, 2);
  const day = readDigits(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  let time = 0;
  let i = 10;
  if (i < length) {
    const separator = text[i];
    if (separator !== 'T' && separator !== 't' && separator !== ' ') return null;
    const hour = readDigits(text, 11, 2);
    const minute = text.charCodeAt(13) === 58 ? readDigits(text, 14, 2) : -1;
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
    time = hour * 3_600_000 + minute * 60_000;
    i = 16;
    if (text.charCodeAt(i) === 58) {
      const second = readDigits(text, i + 1, 2);
      if (second < 0 || second > 59) return null;
      time += second * 1000;
      i += 3;
      if (text[i] === '.' || text[i] === ',') {
        const start = ++i;
        while (i < length && i - start < 9 && isDigit(text.charCodeAt(i))) i++;
        if (i === start || (i < length && isDigit(text.charCodeAt(i)))) return null;
        time += Math.floor(Number(text.slice(start, i).padEnd(3, '0').slice(0, 3)));
      }
    }
    const offset = readOffset(text, i);
    if (offset === null) return null;
    time -= offset * 60_000;
  }
  return daysFromCivil(year, month, day) * DAY_MS + time;
}

/** Minutes east of UTC of the zone suffix starting at `i` (`Z`, `+03:00`, `-0300`, `+03`, or none). */
function readOffset(text: string, i: number): number | null {
  const rest = text.length - i;
  if (rest === 0) return 0;
  const sign = text[i];
  if (sign === 'Z' || sign === 'z') return rest === 1 ? 0 : null;
  if (sign !== '+' && sign !== '-') return null;
  const hours = readDigits(text, i + 1, 2);
  let minutes = 0;
  if (rest === 6 && text.charCodeAt(i + 3) === 58) minutes = readDigits(text, i + 4, 2);
  else if (rest === 5) minutes = readDigits(text, i + 3, 2);
  else if (rest !== 3) return null;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return null;
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
}

/** The value of `count` decimal digits at `start`; -1 when any is missing or not a digit. */
function readDigits(text: string, start: number, count: number): number {
  if (start + count > text.length) return -1;
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return -1;
    value = value * 10 + code - 48;
  }
  return value;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
