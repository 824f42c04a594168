import { describe, expect, it } from 'vitest';
import { delayBucketFor } from './rabbitmq-topology';

describe('delayBucketFor', () => {
  it('When a wait matches a bucket, then it goes through that bucket alone', () => {
    expect([50, 1_000, 10_000, 60_000, 3_600_000].map(delayBucketFor)).toEqual([
      50, 1_000, 10_000, 60_000, 3_600_000,
    ]);
  });

  it('When a jittered wait falls between buckets, then the bucket below it is taken, never a longer one', () => {
    expect(delayBucketFor(8_000)).toBe(5_000);
    expect(delayBucketFor(11_999)).toBe(10_000);
    expect(delayBucketFor(71_000)).toBe(60_000);
  });

  it('When the wait is shorter than every bucket or longer than the last, then the shortest or the longest is taken', () => {
    expect(delayBucketFor(1)).toBe(50);
    expect(delayBucketFor(3 * 86_400_000)).toBe(86_400_000);
  });
});
