/**
 * The one retry policy: how long to wait before trying again, for deliveries, queued events and
 * the infrastructure loops (reconnects, rewrites). Pure: the randomness is passed in.
 */

/** Every delay is spread ±20 % around its base, so failures that came together do not retry together. */
export const JITTER = 0.2;

/** Retry-After above this is clamped: a receiver may slow us down, not park a delivery for days. */
export const RETRY_AFTER_CAP_MS = 3_600_000;

export type Random = () => number;

/** `baseMs` moved by up to ±20 %, rounded to the ms; `random` answers in [0, 1). */
export function jitter(baseMs: number, random: Random = Math.random): number {
  return Math.round(baseMs * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * Delay before retry `retryNumber` (1-based) from a configured list, its last entry repeating,
 * jittered: deliveries (`DELIVERY_RETRY_DELAYS_MS`) and queued events alike.
 */
export function listDelayMs(retryNumber: number, delaysMs: readonly number[], random: Random = Math.random) {
  const index = Math.min(Math.max(retryNumber, 1), delaysMs.length) - 1;
  return jitter(delaysMs[index] ?? 0, random);
}

/**
 * Delay after failure `attempt` (0-based) of a loop that waits for infrastructure (a broker or
 * database coming back): `baseMs` doubling up to `maxMs`, jittered.
 */
export function exponentialDelayMs(
  attempt: number,
  limits: { baseMs: number; maxMs: number },
  random: Random = Math.random,
): number {
  const exponent = Math.min(Math.max(attempt, 0), 52);
  return jitter(Math.min(limits.maxMs, limits.baseMs * 2 ** exponent), random);
}

/**
 * `Retry-After` as seconds or an HTTP date, in ms from `now`, at most RETRY_AFTER_CAP_MS; null when
 * absent or unreadable. Not jittered: the receiver named the time.
 */
export function parseRetryAfter(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, RETRY_AFTER_CAP_MS);
  // An HTTP date names its day and zone; Date.parse alone would read '-5' as the year -5.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now.getTime(), 0), RETRY_AFTER_CAP_MS);
}

/**
 * Waits `ms` (a delay from the functions above, a deadline's rest or a configured interval); an
 * abort ends the wait early, so a loop being stopped does not hold the process for its last wait.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });
}
