import type { FakeClock } from './fake-clock';

type Truthy<T> = Exclude<T, null | undefined | false | 0 | ''>;

/**
 * The one polling helper of the tests: resolves with `check`'s first truthy answer, and fails the
 * test with `what` once `timeoutMs` of real time have passed without one. With `moving`, each poll
 * also moves the fake clock by `stepMs`, for work that waits on the clock and on real time alike
 * (a broker's delay queue), where no single move would do.
 */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  what = 'condition',
  moving?: { clock: FakeClock; stepMs: number },
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    moving?.clock.advance(moving.stepMs);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
