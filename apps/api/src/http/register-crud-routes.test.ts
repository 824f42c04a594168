import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = join(dirname(fileURLToPath(import.meta.url)), '..', 'modules');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /(^|-)routes\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** `GET /events`, `PUT /events/:id`…: the routes a file declares by hand (`r.get('/path'`, `app.put(`). */
const handDeclared = (source: string) =>
  [...source.matchAll(/\b(?:r|app)\.(get|post|put|delete)\(\s*'([^']+)'/g)].map(
    (match) => `${String(match[1]).toUpperCase()} ${match[2]}`,
  );

describe('registerCrudRoutes', () => {
  it('When a resource has the five routes, then registerCrudRoutes declares them, not the route file', () => {
    const declared = new Set(routeFiles(MODULES).flatMap((file) => handDeclared(readFileSync(file, 'utf8'))));
    expect(declared.size).toBeGreaterThan(10);
    const byHand = [...declared]
      .filter((route) => route.startsWith('GET ') && !route.endsWith('/:id'))
      .map((route) => route.slice(4))
      .filter((path) =>
        [`GET ${path}`, `POST ${path}`, `GET ${path}/:id`, `PUT ${path}/:id`, `DELETE ${path}/:id`].every(
          (route) => declared.has(route),
        ),
      );
    expect(byHand).toEqual([]);
  });
});
