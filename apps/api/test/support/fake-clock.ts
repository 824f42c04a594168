import type { Clock } from '../../src/lib/clock';

/** A clock that stands still until the test moves it: what is due, expired or paced is decided by the test. */
export type FakeClock = Clock & {
  /** Moves the clock forward by `ms`; answers the new time. */
  advance(ms: number): Date;
  /** Puts the clock at `at`; answers it. */
  set(at: Date | string | number): Date;
};

/**
 * Starts at `start` (by default the real time of its creation, so rows the database stamps itself
 * and rows the app stamps sort alike).
 */
export function createFakeClock(start: Date | string | number = Date.now()): FakeClock {
  let at = new Date(start).getTime();
  const clock = (() => new Date(at)) as FakeClock;
  clock.advance = (ms) => {
    if (!(ms >= 0)) throw new Error(`a clock only moves forward (advance ${ms})`);
    at += ms;
    return new Date(at);
  };
  clock.set = (next) => {
    at = new Date(next).getTime();
    return new Date(at);
  };
  return clock;
}
