import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter';

describe('rate limiter', () => {
  it('When a key spends its minute, then it waits for the refill while other keys go on', () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const limiter = createRateLimiter(3, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(20);
    expect(limiter.take('b')).toBe(0);
    now = new Date(now.getTime() + 19_000);
    expect(limiter.take('a')).toBe(1);
    now = new Date(now.getTime() + 1_000);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(20);
  });

  it('When a key rests longer than a minute, then it gets one minute of budget back, not more', () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const limiter = createRateLimiter(2, () => now);
    limiter.take('a');
    limiter.take('a');
    now = new Date(now.getTime() + 10 * 60_000);
    expect([limiter.take('a'), limiter.take('a')]).toEqual([0, 0]);
    expect(limiter.take('a')).toBeGreaterThan(0);
  });

  it('When the limit is 0, then nothing is ever held back', () => {
    const limiter = createRateLimiter(0, () => new Date());
    expect(Array.from({ length: 1_000 }, () => limiter.take('a')).every((wait) => wait === 0)).toBe(true);
  });
});
