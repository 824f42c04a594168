import { readFileSync, renameSync, writeFileSync } from 'node:fs';
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
 * and rows the app stamps sort alike). With `file`, every move is written there for the processes
 * the test spawns (`readClockFile`), so they all read one clock.
 */
export function createFakeClock(start: Date | string | number = Date.now(), options: { file?: string } = {}) {
  let at = new Date(start).getTime();
  const publish = () => {
    if (options.file) {
      // Renamed into place: a reader never sees a half-written file.
      writeFileSync(`${options.file}.next`, String(at));
      renameSync(`${options.file}.next`, options.file);
    }
    return new Date(at);
  };
  const clock = (() => new Date(at)) as FakeClock;
  clock.advance = (ms) => {
    if (!(ms >= 0)) throw new Error(`a clock only moves forward (advance ${ms})`);
    at += ms;
    return publish();
  };
  clock.set = (next) => {
    at = new Date(next).getTime();
    return publish();
  };
  publish();
  return clock;
}

/** The clock a test process keeps in `file` (createFakeClock's `file`), as a spawned process reads it. */
export const readClockFile =
  (file: string): Clock =>
  () =>
    new Date(Number(readFileSync(file, 'utf8')));
