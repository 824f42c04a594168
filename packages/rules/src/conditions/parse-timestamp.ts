import { toFiniteNumber } from '../values/parse-number';

/** Largest |epoch ms| a JavaScript date can hold. */
const MAX_EPOCH_MS = 8.64e15;
/** `2024-05-01`, `2024-05-01T10:00`, `2024-05-01 10:00:00.123Z`, `…+03:00`, `…-0300`. */
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * Epoch milliseconds of an ISO 8601 date/date-time text or of an epoch-milliseconds number (or
 * numeric text); null for anything else, including impossible dates such as 2024-02-30.
 * A date or date-time without an offset is read as UTC, so a result never depends on the machine.
 */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value === 'string' && value.length <= 64) {
    const iso = parseIso(value.trim());
    if (iso !== null) return iso;
  }
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const epoch = toFiniteNumber(value);
  return epoch !== null && Math.abs(epoch) <= MAX_EPOCH_MS ? epoch : null;
}

function parseIso(text: string): number | null {
  const parts = ISO_8601.exec(text);
  if (!parts) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = ''] = parts;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  const ms = fraction === '' ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  const offset = offsetMinutes(zone);
  if (offset === null) return null;
  // Not Date.UTC, which maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime() - offset * 60_000;
}

/** Minutes east of UTC; null when out of range (`+25:00`, `+01:60`). */
function offsetMinutes(offset: string): number | null {
  if (offset === '' || offset === 'Z' || offset === 'z') return 0;
  const sign = offset[0] === '-' ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
