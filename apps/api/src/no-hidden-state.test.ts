import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SRC, appSourceFiles } from '../test/support/app-source-files';

/**
 * No hidden per-context state: a `WeakMap` keyed by the context is a dependency no one can see,
 * start or stop. Such state is a named field of the context (`localChanges`, `deliveryWakes`),
 * created with it. Nothing is left to move: any side table fails the check.
 */
const NOT_YET_MOVED: string[] = [];

/** The lines of `source` that make a WeakMap or WeakSet, comments aside. */
function findSideTables(source: string): number[] {
  return source
    .split('\n')
    .flatMap((line, index) =>
      /^\s*(\/\/|\/?\*)/.test(line) || !/\bnew Weak(Map|Set)\b/.test(line) ? [] : [index + 1],
    );
}

const SRC = APP_SRC;

const holders = appSourceFiles()
  .filter((file) => findSideTables(readFileSync(file, 'utf8')).length > 0)
  .map((file) => relative(SRC, file))
  .sort();

describe('no hidden per-context state in apps/api/src', () => {
  it('When app code keeps state per context, then it is a field of the context, not a WeakMap side table', () => {
    expect(holders.filter((file) => !NOT_YET_MOVED.includes(file))).toEqual([]);
  });

  it('When a side table is moved to the context, then it leaves the list of those not yet moved', () => {
    expect(NOT_YET_MOVED.filter((file) => !holders.includes(file))).toEqual([]);
  });

  it('When code makes a WeakMap or WeakSet, then the check names it, and a comment about one is let be', () => {
    const source = [
      'const caches = new WeakMap<AppContext, Cache>();',
      '// no new WeakMap here',
      'const stopped = new WeakSet<AppContext>();',
    ].join('\n');
    expect(findSideTables(source)).toEqual([1, 3]);
  });
});
