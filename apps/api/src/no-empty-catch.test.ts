import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No swallowed failures: a `catch` clause (with or without a binding) that holds no statement, only
 * blanks or comments, lets a failure vanish. Where a failure is handled it is logged, rethrown,
 * reported to a caller, or answered by an explicit fallback (`return …`) inside the clause, so the
 * reader sees what becomes of it. The same holds for a promise's `.catch(() => {})`: one that does
 * nothing says why on a `// Ignored: …` comment just above its statement (closing what is already
 * closed, say); there is no other allow-list.
 */
const EMPTY_CATCH =
  /(?<![.\w$])catch\s*(?:\(\s*[\w$]+\s*(?::\s*\w+\s*)?\))?\s*\{(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*\}/g;

/** A `.catch` whose handler does nothing, with or without a parameter. */
const EMPTY_PROMISE_CATCH =
  /\.catch\(\s*(?:\(\s*(?:[\w$]+\s*(?::\s*\w+\s*)?)?\)|[\w$]+)\s*=>\s*\{\s*\}\s*\)/g;

/** Whether the statement holding line `index` is preceded by a `// Ignored: …` comment. */
function isJustified(lines: string[], index: number): boolean {
  for (let above = index - 1; above >= 0; above -= 1) {
    const line = (lines[above] ?? '').trim();
    if (line.startsWith('//')) return line.startsWith('// Ignored:');
    // The line before ends a statement or opens a block: the statement starts on the next one.
    if (line === '' || /[;{}]$/.test(line)) return false;
  }
  return false;
}

/** The promise catches of `source` that do nothing and do not say why, as `line: text`. */
function findSilentPromiseCatches(source: string): string[] {
  const lines = source.split('\n');
  return [...source.matchAll(EMPTY_PROMISE_CATCH)].flatMap((match) => {
    const index = source.slice(0, match.index).split('\n').length - 1;
    return isJustified(lines, index) ? [] : [`${index + 1}: ${match[0]}`];
  });
}

/** The empty catch clauses of `source`, as `line: text`. */
function findEmptyCatches(source: string): string[] {
  return [...source.matchAll(EMPTY_CATCH)].map((match) => {
    const line = source.slice(0, match.index).split('\n').length;
    return `${line}: ${match[0].replace(/\s+/g, ' ')}`;
  });
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const PACKAGES = join(ROOT, 'packages');
const SOURCE_ROOTS = [
  join(ROOT, 'apps/api/src'),
  ...readdirSync(PACKAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(PACKAGES, entry.name, 'src')),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('no swallowed failures in apps/api/src and packages/*/src', () => {
  it('When code catches a failure, then the catch clause does something with it', () => {
    const offenders = SOURCE_ROOTS.flatMap(sourceFiles).flatMap((file) =>
      findEmptyCatches(readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });

  it('When a promise failure is ignored, then a comment just above says why', () => {
    const offenders = SOURCE_ROOTS.flatMap(sourceFiles).flatMap((file) =>
      findSilentPromiseCatches(readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}:${hit}`),
    );
    expect(offenders).toEqual([]);
  });

  it('When a promise catch does nothing without an Ignored comment above its statement, then the check names it', () => {
    const source = [
      'await socket.close().catch(() => {});',
      '// Ignored: closing a socket already closed.',
      'await socket.close().catch(() => {});',
      '// Closes the socket.',
      'await socket.close().catch((_error) => {});',
      '// Ignored: the connection dropped first.',
      'await connection',
      '  .close()',
      '  .catch(() => {});',
      'await model.close().catch((error) => logger.debug({ err: error }, "x"));',
    ].join('\n');
    expect(findSilentPromiseCatches(source)).toEqual(['1: .catch(() => {})', '5: .catch((_error) => {})']);
  });

  it('When the sources are read, then every package is among them', () => {
    expect(SOURCE_ROOTS.map((root) => relative(ROOT, root))).toEqual(
      expect.arrayContaining([
        'apps/api/src',
        'packages/contracts/src',
        'packages/rules/src',
        'packages/sdk/src',
      ]),
    );
  });

  it('When a catch clause is empty or holds only comments, with or without a binding, then the check names it', () => {
    const source = [
      'try { a(); } catch {}',
      'try { a(); } catch (error) {}',
      'try {',
      '  a();',
      '} catch (_error: unknown) {',
      '  // nothing to do',
      '}',
      'try { a(); } catch { /* ignored */ }',
    ].join('\n');
    expect(findEmptyCatches(source)).toEqual([
      '1: catch {}',
      '2: catch (error) {}',
      '5: catch (_error: unknown) { // nothing to do }',
      '8: catch { /* ignored */ }',
    ]);
  });

  it('When a catch clause logs, rethrows or answers, or a promise is caught, then the check lets it be', () => {
    const source = [
      'try { a(); } catch (error) { logger.warn({ err: error }, "x"); }',
      'try { a(); } catch (error) { throw error; }',
      'try { a(); } catch {',
      '  // A fallback, said where the failure is handled.',
      '  return MISSING;',
      '}',
      'promise.catch(() => {});',
      'const catcher = { catch() {} };',
    ].join('\n');
    expect(findEmptyCatches(source)).toEqual([]);
  });
});
