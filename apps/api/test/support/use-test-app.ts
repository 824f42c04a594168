import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * Runs `start` before the file's tests and `stop` after them. The object it returns is filled in
 * by the time any test runs; read its fields inside tests and hooks, not at load time.
 */
export function useHarness<Harness extends object>(
  start: () => Promise<Harness>,
  stop: (harness: Harness) => Promise<void>,
): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    Object.assign(harness, await start());
  });
  afterAll(() => stop(harness));
  return harness;
}

/** The app on a fresh database for the file's tests, with what `seed` inserts into it. */
export function useTestApp<Seed extends object = Record<never, never>>(
  env: Record<string, string> = {},
  seed: (t: TestApp) => Promise<Seed> = async () => ({}) as Seed,
  options: TestAppOptions = {},
): { t: TestApp } & Seed {
  return useHarness(
    async () => {
      const t = await createTestApp(env, options);
      return { t, ...(await seed(t)) };
    },
    (harness) => harness.t.close(),
  );
}
