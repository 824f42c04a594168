/** Retry-After above this is clamped: a receiver may slow us down, not park a delivery for days. */
export const RETRY_AFTER_CAP_MS = 3_600_000;
const JITTER = 0.2;

/** Delay before retry `retryNumber` (1-based): the configured list, its last entry repeating, ±20 % jitter. */
export function retryDelayMs(
  retryNumber: number,
  delays: number[],
  random: () => number = Math.random,
): number {
  const base = delays[Math.min(retryNumber - 1, delays.length - 1)] ?? 0;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

/** `Retry-After` as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, RETRY_AFTER_CAP_MS);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now.getTime(), 0), RETRY_AFTER_CAP_MS);
}
