import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SRC, appSourceFiles } from '../test/support/app-source-files';

/**
 * Every wait from backoff: lib/backoff.ts is the one place a delay is jittered (the only
 * `Math.random`; ids and secrets use node:crypto) and where a retry's or reconnect's wait is
 * computed. Elsewhere the delay given to `setTimeout` or `sleep` is never a fixed number: not a
 * literal (`1_000`) and not a bare constant, which is the same thing with a name. A wait is a
 * backoff result (`jitter`, `listDelayMs`, `exponentialDelayMs`), the rest of a time read from the
 * clock, a configured interval, or a deadline: a constant named `…TIMEOUT_MS`, which ends a try
 * rather than starting the next one. `setInterval` belongs to the job scheduler and is checked there.
 */
const THE_BACKOFF = 'lib/backoff.ts';

/** The text of the call's arguments that opens at `open` (the index of its `(`), split at top-level commas. */
function readArguments(source: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < source.length; i++) {
    const char = source[i];
    if (char === '(' || char === '[' || char === '{') depth += 1;
    else if (char === ')' || char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) {
        args.push(source.slice(start, i).trim());
        return args.filter((arg) => arg !== '');
      }
    } else if (char === ',' && depth === 1) {
      args.push(source.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

const FIXED_DELAY = /^(?:[\d_]+(?:\.\d+)?|(?![A-Z0-9_]*TIMEOUT_MS$)[A-Z][A-Z0-9_]*)$/;

/** The fixed waits and the `Math.random` calls of `source`, as `line: what`. */
function findFixedWaits(source: string): string[] {
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const hits: string[] = [];
  for (const match of source.matchAll(/\b(setTimeout|sleep)\s*\(/g)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    const args = readArguments(source, open);
    const delay = match[1] === 'setTimeout' ? args[1] : args[0];
    if (delay !== undefined && FIXED_DELAY.test(delay)) {
      hits.push(`${lineOf(match.index ?? 0)}: ${match[1]} for ${delay}`);
    }
  }
  for (const match of source.matchAll(/\bMath\.random\s*\(/g)) {
    hits.push(`${lineOf(match.index ?? 0)}: Math.random`);
  }
  return hits;
}

const SRC = APP_SRC;

describe('every wait from backoff in apps/api/src', () => {
  it('When app code waits, then no fixed delay is written outside lib/backoff.ts', () => {
    const offenders = appSourceFiles()
      .filter((file) => relative(SRC, file) !== THE_BACKOFF)
      .flatMap((file) =>
        findFixedWaits(readFileSync(file, 'utf8')).map((hit) => `${relative(SRC, file)}:${hit}`),
      );
    expect(offenders).toEqual([]);
  });

  it('When a wait or a jitter is written by hand, then the check names it', () => {
    const source = [
      'await sleep(1_000);',
      'setTimeout(() => {',
      '  resubscribe(consumer, connected);',
      '}, RESUBSCRIBE_MS);',
      'const spread = ms * (0.8 + 0.4 * Math.random());',
      'await new Promise((resolve) => setTimeout(resolve, 250));',
    ].join('\n');
    expect(findFixedWaits(source)).toEqual([
      '1: sleep for 1_000',
      '2: setTimeout for RESUBSCRIBE_MS',
      '6: setTimeout for 250',
      '5: Math.random',
    ]);
  });

  it('When a wait comes from backoff, the clock, the config or a deadline, then the check lets it be', () => {
    const source = [
      'await sleep(exponentialDelayMs(attempt, RECONNECT));',
      'setTimeout(send, jitter(PUBLISH_INTERVAL_MS));',
      'await sleep(slots.firstAt - ctx.clock().getTime());',
      'await sleeper.sleep(config.DELIVERY_POLL_MS);',
      'const timer = setTimeout(() => controller.abort(), timeoutMs);',
      'setTimeout(() => resolve([]), SAVE_LOOKUP_TIMEOUT_MS);',
      'const id = randomUUID();',
    ].join('\n');
    expect(findFixedWaits(source)).toEqual([]);
  });
});
