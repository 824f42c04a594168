import type { Clock } from './clock';

/** Keys kept at most; past it the least recently used is forgotten (it starts full again). */
const MAX_KEYS = 10_000;

export type RateLimiter = {
  /** 0 when `key` may go now (and spends one request of its budget), else the seconds until it may. */
  take(key: string): number;
};

/**
 * One token bucket per key, in this process: `perMinute` requests a minute, refilled continuously,
 * and at most `perMinute` at once after a quiet minute. 0 means no limit. Time is `clock`'s, so a
 * test moves a fake clock instead of waiting.
 */
export function createRateLimiter(perMinute: number, clock: Clock): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return {
    take(key) {
      if (perMinute === 0) return 0;
      const at = clock().getTime();
      const bucket = buckets.get(key) ?? { tokens: perMinute, at };
      buckets.delete(key);
      bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, at - bucket.at) * perMs);
      bucket.at = at;
      buckets.set(key, bucket);
      if (buckets.size > MAX_KEYS) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - bucket.tokens) / perMs / 1000);
    },
  };
}
