import { describe, expect, it } from 'vitest';
import { parseRetryAfter, RETRY_AFTER_CAP_MS, retryDelayMs } from './retry-schedule';

describe('retryDelayMs', () => {
  const delays = [10_000, 60_000, 600_000, 3_600_000];

  it('When retrying, then each retry takes the next delay and the last one repeats', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelayMs(n, delays, mid))).toEqual([
      10_000, 60_000, 600_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('When jitter applies, then the delay stays within ±20 %', () => {
    expect(retryDelayMs(1, delays, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, delays, () => 1)).toBe(12_000);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('When the header holds seconds, then it is read in ms', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
  });

  it('When the header holds an HTTP date, then the wait is measured from now', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
  });

  it('When the wait is huge, then it is capped', () => {
    expect(parseRetryAfter('999999', now)).toBe(RETRY_AFTER_CAP_MS);
  });

  it('When the header is absent or garbage, then there is none', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
