import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SRC, appSourceFiles } from '../test/support/app-source-files';

/**
 * One job catalogue, one scheduler: periodic work is a row of jobs/catalogue.ts (interval, lease,
 * timeout, metrics by job name), run by jobs/scheduler.ts, the only place that sets an interval.
 * A timer of its own elsewhere would run outside the catalogue: unleased, unmeasured, and not
 * stopped with the workers.
 */
const THE_SCHEDULER = 'jobs/scheduler.ts';

/** The `setInterval` calls of `source`, comments aside, as `line`. */
function findIntervals(source: string): number[] {
  return source
    .split('\n')
    .flatMap((line, index) =>
      /^\s*(\/\/|\/?\*)/.test(line) || !/\bsetInterval\s*\(/.test(line) ? [] : [index + 1],
    );
}

const SRC = APP_SRC;

describe('one scheduler in apps/api/src', () => {
  it('When app code repeats work on a timer, then it is a job of the catalogue: setInterval only in the scheduler', () => {
    const offenders = appSourceFiles()
      .filter((file) => relative(SRC, file) !== THE_SCHEDULER)
      .flatMap((file) =>
        findIntervals(readFileSync(file, 'utf8')).map((line) => `${relative(SRC, file)}:${line}`),
      );
    expect(offenders).toEqual([]);
  });

  it('When the scheduler is defined, then it is where the test expects it', () => {
    expect(findIntervals(readFileSync(join(SRC, THE_SCHEDULER), 'utf8'))).toHaveLength(1);
  });

  it('When code sets an interval, then the check names it, and a comment about one is let be', () => {
    const source = [
      'const timer = setInterval(tick, CHECK_MS);',
      '// no setInterval( here',
      '  const sweep = setInterval(',
    ].join('\n');
    expect(findIntervals(source)).toEqual([1, 3]);
  });
});
