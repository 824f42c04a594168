import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SRC, appSourceFiles } from '../test/support/app-source-files';

/**
 * One clock: every "now" of app code comes from `ctx.clock` (docs/ARCHITECTURE.md). Only the real
 * clock's definition reads the system time; SQL gets the clock's value as a parameter. Durations
 * measured with the monotonic `performance.now()` are not a time of day and stay allowed, and so
 * do column defaults in DDL (`DEFAULT now()`), which belong to the schema like the migrations.
 */
const THE_REAL_CLOCK = 'lib/clock.ts';

const READS_OF_NOW: Array<[string, RegExp]> = [
  ['new Date() without an argument', /\bnew Date\(\s*\)/],
  ['Date.now()', /\bDate\.now\(/],
  ['SQL now()', /(?<![\w.$])now\s*\(\s*\)/i],
  ['SQL clock_timestamp()', /\bclock_timestamp\(/i],
  ['SQL statement_timestamp()/transaction_timestamp()', /\b(statement|transaction)_timestamp\(/i],
  ['SQL current_timestamp/localtimestamp', /\b(current_timestamp|localtimestamp)\b/i],
];

/** Column defaults in DDL, and comments, say nothing about when app code thinks it is. */
const withoutAllowed = (line: string) =>
  /^\s*(\/\/|\/?\*|--)/.test(line) ? '' : line.replace(/\bDEFAULT now\(\)/gi, '');

/** What `source` reads as "now" other than through the clock, as `line: what`. */
function findReadsOfNow(source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    const code = withoutAllowed(line);
    return READS_OF_NOW.filter(([, pattern]) => pattern.test(code)).map(([what]) => `${index + 1}: ${what}`);
  });
}

const SRC = APP_SRC;

describe('one clock in apps/api/src', () => {
  it('When app code needs the time, then it asks ctx.clock: no other read of "now" outside the real clock', () => {
    const offenders = appSourceFiles()
      .filter((file) => relative(SRC, file) !== THE_REAL_CLOCK)
      .flatMap((file) =>
        findReadsOfNow(readFileSync(file, 'utf8')).map((hit) => `${relative(SRC, file)}:${hit}`),
      );
    expect(offenders).toEqual([]);
  });

  it('When the real clock is defined, then it is where the test expects it', () => {
    expect(findReadsOfNow(readFileSync(join(SRC, THE_REAL_CLOCK), 'utf8'))).toEqual([
      '9: new Date() without an argument',
    ]);
  });

  it('When code reads the time another way, then the check names it', () => {
    const source = [
      'const a = new Date();',
      'const b = Date.now() + 5;',
      'const c = sql`UPDATE t SET at = now() WHERE x`;',
      "const d = 'lease_until = clock_timestamp() + $2';",
      "const e = 'SELECT CURRENT_TIMESTAMP';",
      'const f = `x < NOW ( )`;',
    ].join('\n');
    expect(findReadsOfNow(source)).toEqual([
      '1: new Date() without an argument',
      '2: Date.now()',
      '3: SQL now()',
      '4: SQL clock_timestamp()',
      '5: SQL current_timestamp/localtimestamp',
      '6: SQL now()',
    ]);
  });

  it('When code measures a duration, parses a date or declares a column default, then the check lets it be', () => {
    const source = [
      'const started = performance.now();',
      'const at = new Date(row.created_at);',
      'const later = new Date(now.getTime() + 1000);',
      "'CREATE TABLE x (at timestamptz NOT NULL DEFAULT now())'",
      '// the database now() is never read',
      'createdAt: timestamp().defaultNow(),',
      'const now = ctx.clock();',
    ].join('\n');
    expect(findReadsOfNow(source)).toEqual([]);
  });
});
