import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One way to wait for something in the tests: `waitFor` in apps/api/test/support/wait-for.ts, with
 * its fake-clock option for work that waits on both clocks. A second helper or a hand-written loop
 * drifts apart from it (no deadline, another step, a message without what was awaited).
 */
const API = join(dirname(fileURLToPath(import.meta.url)), '..');
const THE_HELPER = 'test/support/wait-for.ts';
const LOOP = /\bwhile\s*\(|\bfor\s*\(\s*;\s*;\s*\)/;
const POLLING_HELPER = /\bfunction\s+(waitFor|waitUntil|advanceUntil|poll)\b/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** A loop that sleeps within its next lines, or a helper named like one, as `line: what`. */
function findPolling(source: string): string[] {
  const lines = source.split('\n');
  return lines.flatMap((line, index) => {
    if (POLLING_HELPER.test(line)) return [`${index + 1}: a polling helper`];
    const isSleepingLoop = LOOP.test(line) && /setTimeout\(/.test(lines.slice(index, index + 8).join('\n'));
    return isSleepingLoop ? [`${index + 1}: a polling loop`] : [];
  });
}

describe('one polling helper in the tests', () => {
  it('When a test waits for something, then it calls waitFor: no other polling helper or loop', () => {
    const files = [
      ...testFiles(join(API, 'test')),
      ...testFiles(join(API, 'src')).filter((f) => f.endsWith('.test.ts')),
    ];
    const offenders = files
      .filter((file) => relative(API, file) !== THE_HELPER && file !== fileURLToPath(import.meta.url))
      .flatMap((file) =>
        findPolling(readFileSync(file, 'utf8')).map((hit) => `${relative(API, file)}:${hit}`),
      );
    expect(offenders).toEqual([]);
  });

  it('When a loop sleeps until something holds, then the check finds it', () => {
    expect(findPolling('while (!done) {\n  await new Promise((r) => setTimeout(r, 20));\n}')).toEqual([
      '1: a polling loop',
    ]);
    expect(findPolling('export async function waitUntil(check) {}')).toEqual(['1: a polling helper']);
  });
});
