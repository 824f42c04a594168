import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = join(ROOT, 'apps/api/src');
const DOC = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
/** The map, its decision records and the glossary: every path and route they name must hold. */
const DOCS = [
  DOC,
  readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8'),
  ...readdirSync(join(ROOT, 'docs/decisions'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => readFileSync(join(ROOT, 'docs/decisions', name), 'utf8')),
].join('\n');
const MAP_MAX_LINES = 150;
const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
const sourceFiles = filesUnder(SRC);

/**
 * The file and folder paths the document names in backquotes: with a slash (relative to
 * apps/api/src, or to the repository), or a bare file name. A template (`modules/<resource>/`,
 * `NNNN_name.sql`) stands for its folder.
 */
const namedPaths = [...DOCS.matchAll(/`([^`\s]+)`/g)]
  .map((match) => String(match[1]))
  .filter((token) => /^[\w.<>-]+(\/[\w.<>-]*)*$/.test(token))
  .filter((token) => token.includes('/') || /\.(ts|tsx|sql|md|json)$/.test(token));

/** Relative to apps/api/src, to apps/api, or to the repository. */
const exists = (path: string) =>
  [SRC, join(ROOT, 'apps/api'), ROOT].some((base) => existsSync(join(base, path)));
/** Build output (`apps/api/dist/...`) exists only after a build. */
const isBuildOutput = (path: string) => /(^|\/)dist(\/|$)/.test(path);

/** The routes it names: `/v1/...`, with the method when one comes before it. */
const namedRoutes = [...DOCS.matchAll(/(?:\b(GET|POST|PUT|PATCH|DELETE) )?(\/v1\/[\w\-/:{}]*[\w}])/g)].map(
  (match) => ({
    method: match[1] as HTTPMethods | undefined,
    url: String(match[2]).replace(/\{(\w+)\}/g, ':$1'),
  }),
);

describe('docs/ARCHITECTURE.md and docs/decisions/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('When the map is read, then it is short enough to read in ten minutes', () => {
    expect(DOC.split('\n').length).toBeLessThanOrEqual(MAP_MAX_LINES);
  });

  it('When it names a file or folder, then that path exists', () => {
    expect(namedPaths.length).toBeGreaterThan(40);
    const missing = namedPaths.filter((path) => {
      if (isBuildOutput(path)) return false;
      const template = path.search(/<|NNNN/);
      const folderEnd = path.lastIndexOf('/', template);
      if (template >= 0 && folderEnd >= 0) return !exists(path.slice(0, folderEnd));
      if (template >= 0) {
        const pattern = new RegExp(`/${path.replace(/[.]/g, '\\.').replace(/<[^>]+>/g, '[\\w-]+')}$`);
        return !sourceFiles.some((file) => pattern.test(file));
      }
      if (path.includes('/')) return !exists(path);
      return !sourceFiles.some((file) => file.endsWith(`/${path}`));
    });
    expect(missing).toEqual([]);
  });

  it('When it names a /v1 route, then the app serves it (with that method when one is named)', () => {
    expect(namedRoutes.length).toBeGreaterThan(5);
    const missing = namedRoutes.filter(
      ({ method, url }) =>
        !(method ? [method] : METHODS).some((candidate) => t.app.hasRoute({ method: candidate, url })),
    );
    expect(missing).toEqual([]);
  });

  it("When the source runs a statement through Drizzle's execute, then only where the document allows it", () => {
    const allowed = 'modules/auth/queries.ts';
    expect(DOC).toContain(`(\`tx.execute\`: the advisory lock of \`${allowed}\`)`);
    const executing = sourceFiles
      .filter((file) => /\.execute\(/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(SRC.length + 1));
    expect(executing).toEqual([allowed]);
  });

  it('When a route file is read, then it does not check access itself (services authorize)', () => {
    const routeFiles = sourceFiles.filter((file) => /\/modules\/[^/]+\/([\w-]+-)?routes\.ts$/.test(file));
    expect(routeFiles.length).toBeGreaterThan(10);
    const checking = routeFiles.filter((file) =>
      /from '\.\.\/access'|requireAccess\(/.test(readFileSync(file, 'utf8')),
    );
    expect(checking.map((file) => file.slice(SRC.length + 1))).toEqual([]);
  });
});
