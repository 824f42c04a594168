/**
 * Group commit for hot paths: calls that arrive while earlier batches are in
 * flight (or within the same turn of the event loop) are run together as one
 * batch, so N concurrent callers cost one database round trip instead of N.
 * `run` answers one result per item, in order. When a batch fails every caller
 * of that batch gets the error, unless `isolateFailures` is set: then each item
 * of a failed batch runs again alone, so one bad item fails only its own caller.
 */
export type Batcher<I, O> = { submit(item: I): Promise<O>; drain(): Promise<void> };

type Waiting<I, O> = { item: I; resolve(value: O): void; reject(error: unknown): void };

export function createBatcher<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { maxSize: number; maxInFlight: number; isolateFailures?: boolean },
): Batcher<I, O> {
  let queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let isScheduled = false;
  const running = new Set<Promise<void>>();

  function schedule() {
    if (isScheduled || inFlight >= options.maxInFlight || queue.length === 0) return;
    isScheduled = true;
    setImmediate(flush);
  }

  function flush() {
    isScheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, options.maxSize);
      queue = queue.slice(batch.length);
      inFlight += 1;
      const task = runBatch(batch).finally(() => {
        inFlight -= 1;
        running.delete(task);
        schedule();
      });
      running.add(task);
    }
  }

  async function runBatch(batch: Waiting<I, O>[]) {
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => {
        waiting.resolve(results[index] as O);
      });
    } catch (error) {
      if (!options.isolateFailures || batch.length === 1) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => runBatch([waiting])));
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    async drain() {
      while (queue.length > 0 || running.size > 0) {
        flush();
        await Promise.all(running);
      }
    },
  };
}
