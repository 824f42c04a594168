import { describe, expect, it } from 'vitest';
import { createChangeCache } from '../src/db/change-cache';
import { announceLocalChange, CHANGE_CHANNELS } from '../src/db/change-channel';
import { useTestApp } from './support/use-test-app';
import { waitFor } from './support/wait-for';

const harness = useTestApp();

/** A cache of two keys whose loads are counted per key. */
async function startCountingCache() {
  const loads: string[] = [];
  const cache = createChangeCache<string, string>(harness.t.ctx, {
    channel: CHANGE_CHANNELS.rules,
    label: 'test',
    keyOf: (key) => key,
    load: async (key) => {
      loads.push(key);
      return `value of ${key}`;
    },
    maxEntries: 2,
  });
  // Nothing is kept until it listens: read until a second read of one key loads nothing.
  await waitFor(
    async () => {
      const before = loads.length;
      await cache.get('a');
      await cache.get('a');
      return loads.length === before + 1 || loads.length === before;
    },
    10_000,
    'the cache to listen',
  );
  await cache.get('a');
  loads.length = 0;
  return { cache, loads };
}

describe('change cache', () => {
  it('When it is full, then the key read least recently is forgotten, not the one stored first', async () => {
    const { cache, loads } = await startCountingCache();
    try {
      expect(await cache.get('b')).toBe('value of b');
      await cache.get('a');
      await cache.get('c');
      expect(loads).toEqual(['b', 'c']);
      await cache.get('a');
      expect(loads).toEqual(['b', 'c']);
      await cache.get('b');
      expect(loads).toEqual(['b', 'c', 'b']);
    } finally {
      await cache.stop();
    }
  });

  it('When a change is announced, then every key loads again', async () => {
    const { cache, loads } = await startCountingCache();
    try {
      announceLocalChange(harness.t.ctx, CHANGE_CHANNELS.rules);
      await cache.get('a');
      expect(loads).toEqual(['a']);
    } finally {
      await cache.stop();
    }
  });
});
