import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('runs calls of one turn as one batch and answers each caller its own result', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher(
      async (items: number[]) => {
        batches.push(items);
        return items.map((n) => n * 10);
      },
      { maxSize: 100, maxInFlight: 1 },
    );
    const answers = await Promise.all([1, 2, 3].map((n) => batcher.submit(n)));
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('collects calls made while a batch is in flight into the next one, up to maxSize', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const batcher = createBatcher(
      async (items: number[]) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items;
      },
      { maxSize: 2, maxInFlight: 1 },
    );
    const first = batcher.submit(1);
    await tick();
    const later = [2, 3, 4].map((n) => batcher.submit(n));
    await tick();
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('rejects every caller of a failed batch and keeps serving later ones', async () => {
    let shouldFail = true;
    const batcher = createBatcher(
      async (items: string[]) => {
        if (shouldFail) throw new Error('down');
        return items;
      },
      { maxSize: 10, maxInFlight: 2 },
    );
    const failed = await Promise.allSettled([batcher.submit('a'), batcher.submit('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    shouldFail = false;
    expect(await batcher.submit('c')).toBe('c');
  });

  it('with isolateFailures, runs a failed batch again item by item so only the bad item fails', async () => {
    const batches: string[][] = [];
    const batcher = createBatcher(
      async (items: string[]) => {
        batches.push(items);
        if (items.includes('bad')) throw new Error('bad item');
        return items.map((item) => item.toUpperCase());
      },
      { maxSize: 10, maxInFlight: 1, isolateFailures: true },
    );
    const settled = await Promise.allSettled(['a', 'bad', 'c'].map((item) => batcher.submit(item)));
    expect(settled).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('bad item') },
      { status: 'fulfilled', value: 'C' },
    ]);
    expect(batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('drain waits for queued and running batches', async () => {
    const done: number[] = [];
    const batcher = createBatcher(
      async (items: number[]) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        done.push(...items);
        return items;
      },
      { maxSize: 1, maxInFlight: 1 },
    );
    void batcher.submit(1);
    void batcher.submit(2);
    await batcher.drain();
    expect(done).toEqual([1, 2]);
  });
});
