/** Waits until every task settled or graceMs passed, whichever comes first; true when they all settled. */
export async function settleWithin(tasks: Iterable<Promise<unknown>>, graceMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), graceMs);
  });
  try {
    return await Promise.race([Promise.allSettled([...tasks]).then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
