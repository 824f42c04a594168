import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import type { EventLogOutcome } from './event-log-statements';
import { retryEventLog } from './retry-event-log';

const ctx = { config: testConfig({ DELIVERY_RETRY_DELAYS_MS: '10000,60000,600000' }) };

async function retryAfter(autoRetryCount: number, random?: () => number) {
  const settled: EventLogOutcome[] = [];
  const outcome = await retryEventLog(
    ctx,
    async (settle) => {
      settled.push(settle);
    },
    { id: 'log-1', autoRetryCount },
    'Resposta HTTP 500',
    random,
  );
  return { outcome, settled };
}

const delayOf = async (autoRetryCount: number, random?: () => number) => {
  const { outcome } = await retryAfter(autoRetryCount, random);
  if (outcome.type !== 'retry') throw new Error(`expected a retry, got ${outcome.type}`);
  return outcome.delayMs;
};

describe('retryEventLog', () => {
  it('When a queued event log is retried, then it stays PENDING with the error and one more automatic retry', async () => {
    const { settled } = await retryAfter(1);
    expect(settled).toEqual([
      { id: 'log-1', status: 'PENDING', error: 'Resposta HTTP 500', autoRetryCount: 2 },
    ]);
  });

  it('When retries follow one another, then each takes the next configured delay and the last repeats', async () => {
    const mid = () => 0.5;
    expect(await Promise.all([0, 1, 2, 3, 8].map((count) => delayOf(count, mid)))).toEqual([
      10_000, 60_000, 600_000, 600_000, 600_000,
    ]);
  });

  it('When the random draw is lowest or highest, then the delay is 80 % or 120 % of the configured one', async () => {
    expect(await delayOf(0, () => 0)).toBe(8_000);
    expect(await delayOf(0, () => 1 - Number.EPSILON)).toBe(12_000);
  });

  it('When many queued retries are scheduled, then their delays are spread within ±20 %, not all the same', async () => {
    const delays = await Promise.all(Array.from({ length: 300 }, () => delayOf(1)));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(48_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(72_000);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });
});
