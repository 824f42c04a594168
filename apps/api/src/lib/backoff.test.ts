import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exponentialDelayMs,
  JITTER,
  jitter,
  listDelayMs,
  parseRetryAfter,
  RETRY_AFTER_CAP_MS,
} from './backoff';

const low = () => 0;
const mid = () => 0.5;
// Math.random never answers 1; the largest double below it is the worst case.
const high = () => 1 - Number.EPSILON;
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe('jitter', () => {
  it('When random is lowest, middle or highest, then the delay is 80 %, 100 % or 120 % of its base', () => {
    expect([low, mid, high].map((random) => jitter(10_000, random))).toEqual([8_000, 10_000, 12_000]);
  });

  it('When any base and any random draw, then the delay stays within ±20 % of the base', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_400_000 }), unit, (base, draw) => {
        const delay = jitter(base, () => draw);
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * (1 - JITTER)));
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * (1 + JITTER)));
      }),
    );
  });

  it('When drawn many times, then the delays spread over the band rather than sit on its base', () => {
    const delays = Array.from({ length: 500 }, () => jitter(10_000));
    expect(Math.min(...delays)).toBeLessThan(9_000);
    expect(Math.max(...delays)).toBeGreaterThan(11_000);
  });
});

describe('listDelayMs', () => {
  const delays = [10_000, 60_000, 600_000, 3_600_000];

  it('When retrying, then each retry takes the next delay and the last one repeats', () => {
    expect([1, 2, 3, 4, 5, 9, 1_000].map((n) => listDelayMs(n, delays, mid))).toEqual([
      10_000, 60_000, 600_000, 3_600_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('When jitter applies, then every retry stays within ±20 % of its entry', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), unit, (retry, draw) => {
        const base = delays[Math.min(retry, delays.length) - 1] ?? 0;
        const delay = listDelayMs(retry, delays, () => draw);
        expect(delay).toBeGreaterThanOrEqual(base * 0.8);
        expect(delay).toBeLessThanOrEqual(base * 1.2);
      }),
    );
    expect(listDelayMs(1, delays, low)).toBe(8_000);
    expect(listDelayMs(1, delays, high)).toBe(12_000);
  });

  it('When the retry number is below 1, then the first delay applies', () => {
    expect(listDelayMs(0, delays, mid)).toBe(10_000);
    expect(listDelayMs(-3, delays, mid)).toBe(10_000);
  });

  it('When the list has one entry, then every retry takes it', () => {
    expect([1, 2, 7].map((n) => listDelayMs(n, [50], mid))).toEqual([50, 50, 50]);
  });

  it('When the list is empty, then there is no wait', () => {
    expect(listDelayMs(1, [], mid)).toBe(0);
  });
});

describe('exponentialDelayMs', () => {
  const limits = { baseMs: 200, maxMs: 5_000 };

  it('When failures follow one another, then the delay doubles from the base up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 100].map((n) => exponentialDelayMs(n, limits, mid))).toEqual([
      200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000,
    ]);
  });

  it('When jittered, then each delay stays within ±20 % of the capped doubling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), unit, (attempt, draw) => {
        const base = Math.min(limits.maxMs, limits.baseMs * 2 ** Math.min(attempt, 52));
        const delay = exponentialDelayMs(attempt, limits, () => draw);
        expect(delay).toBeGreaterThanOrEqual(base * 0.8);
        expect(delay).toBeLessThanOrEqual(base * 1.2);
      }),
    );
  });

  it('When the attempt count is huge or negative, then the delay is still a finite number within bounds', () => {
    expect(exponentialDelayMs(Number.MAX_SAFE_INTEGER, limits, high)).toBe(6_000);
    expect(exponentialDelayMs(-1, limits, low)).toBe(160);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('When the header holds seconds, then it is read in ms', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('When the header holds an HTTP date, then the wait is measured from now', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
  });

  it('When the HTTP date is already past, then there is no wait', () => {
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('When the wait is huge, then it is capped', () => {
    expect(parseRetryAfter('999999', now)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfter('Fri, 01 Jan 2027 00:00:00 GMT', now)).toBe(RETRY_AFTER_CAP_MS);
  });

  it('When the header is absent or garbage, then there is none', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});
