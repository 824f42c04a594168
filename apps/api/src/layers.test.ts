import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SRC, appSourceFiles } from '../test/support/app-source-files';

/**
 * The layers of apps/api/src (docs/ARCHITECTURE.md): a folder imports only the
 * folders listed for it. config.ts and context.ts are shared by every layer;
 * the entry files (main, workers, build-app, create-context) may import anything.
 * Of modules/, only the route files (the Fastify side of a resource) import http/.
 */
const MAY_IMPORT: Record<string, string[]> = {
  modules: ['domain', 'pipeline', 'delivery', 'queue', 'db', 'lib'],
  http: ['domain', 'delivery', 'db', 'lib'],
  domain: ['lib'],
  jobs: ['pipeline', 'delivery', 'queue', 'db', 'lib'],
  pipeline: ['delivery', 'queue', 'db', 'lib'],
  delivery: ['db', 'lib'],
  queue: ['db', 'lib'],
  db: ['lib'],
  lib: [],
};
const SHARED = ['config.ts', 'context.ts'];

/** `modules/<resource>/routes.ts`, `…/<name>-routes.ts`, and `modules/index.ts` that registers them. */
const isRouteFile = (path: string) =>
  path === 'modules/index.ts' || (path.startsWith('modules/') && /(^|\/|-)routes\.ts$/.test(path));

const SRC = APP_SRC;

/** The file an import names: `./x` is `x.ts` or `x/index.ts`; anything else (`.sql`, `.json`) as written. */
function resolveImport(path: string): string {
  for (const candidate of [`${path}.ts`, join(path, 'index.ts')]) {
    if (existsSync(join(SRC, candidate))) return candidate;
  }
  return path;
}

/**
 * Every relative import of the source, as [importing file, imported file], both relative to src:
 * `import` and `export … from`, type-only ones included, and `import('…')` (a lazy load is a
 * dependency all the same).
 */
const imports = appSourceFiles().flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from |import\()'(\.[^']*)'/g)].map(
    (match) =>
      [
        relative(SRC, file),
        resolveImport(normalize(relative(SRC, join(dirname(file), String(match[1]))))),
      ] as const,
  ),
);

const topOf = (path: string) => path.split('/')[0] ?? path;

/** The groups of files that import each other, directly or through others (Tarjan's components). */
function findCircles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const isSelfImport = (next.get(node) ?? []).includes(node);
    if (component.length > 1 || isSelfImport) circles.push(component.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('import layers of apps/api/src', () => {
  it('When a folder imports another, then the layer table allows it', () => {
    const refused = imports.flatMap(([from, to]) => {
      const [source, target] = [topOf(from), topOf(to)];
      const allowed = MAY_IMPORT[source];
      if (!allowed || source === target || SHARED.includes(`${target}.ts`) || SHARED.includes(target))
        return [];
      if (target === 'http' && isRouteFile(from)) return [];
      return allowed.includes(target) ? [] : [`${from} -> ${to}`];
    });
    expect(refused).toEqual([]);
  });

  it('When a module file that is not a route file imports http/, then the layer check refuses it', () => {
    expect(isRouteFile('modules/events/routes.ts')).toBe(true);
    expect(isRouteFile('modules/ingest/inbound-requests-routes.ts')).toBe(true);
    expect(isRouteFile('modules/index.ts')).toBe(true);
    expect(isRouteFile('modules/ingest/service.ts')).toBe(false);
    expect(isRouteFile('modules/routes/service.ts')).toBe(false);
    expect(isRouteFile('modules/routes/queries.ts')).toBe(false);
  });

  it('When modules import each other, then no two of them do so both ways (directly or through others)', () => {
    const moduleOf = (path: string) => (path.startsWith('modules/') ? path.split('/')[1] : undefined);
    const edges = new Map<string, Set<string>>();
    for (const [from, to] of imports) {
      const [source, target] = [moduleOf(from), moduleOf(to)];
      if (!source || !target || source === target || source.endsWith('.ts') || target.endsWith('.ts'))
        continue;
      edges.set(source, (edges.get(source) ?? new Set()).add(target));
    }
    const reaches = (start: string, goal: string, seen = new Set<string>()): boolean =>
      [...(edges.get(start) ?? [])].some(
        (next) => next === goal || (!seen.has(next) && reaches(next, goal, seen.add(next))),
      );
    const cycles = [...edges.keys()].filter((module) => reaches(module, module));
    expect(cycles).toEqual([]);
  });

  it('When files import each other, type-only and lazy imports included, then no circle is found', () => {
    expect(findCircles(imports)).toEqual([]);
  });

  it('When two or three files form a circle, then the circle check names them', () => {
    expect(
      findCircles([
        ['a.ts', 'b.ts'],
        ['b.ts', 'a.ts'],
        ['c.ts', 'd.ts'],
        ['d.ts', 'e.ts'],
        ['e.ts', 'c.ts'],
        ['f.ts', 'a.ts'],
      ]),
    ).toEqual([
      ['a.ts', 'b.ts'],
      ['c.ts', 'd.ts', 'e.ts'],
    ]);
    expect(
      findCircles([
        ['a.ts', 'b.ts'],
        ['b.ts', 'c.ts'],
      ]),
    ).toEqual([]);
  });
});
