import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = dirname(fileURLToPath(import.meta.url));

/** The modules whose statements all live in `queries.ts` or `<topic>-queries.ts`. */
const KEEP_QUERIES_APART = [
  'admin-users',
  'applications',
  'auth',
  'emit-rules',
  'event-logs',
  'event-rules',
  'events',
  'integration',
  'logs',
  'profile',
  'route-event-types',
  'route-fields',
  'routes',
  'subscriptions',
];

/** A builder import, a table imported as a value, or raw SQL run on the connection. */
const STATEMENT = [
  /from 'drizzle-orm'/,
  /^import \{[^}]*\} from '\.\.\/\.\.\/db\/schema'/m,
  /\b(db|database|tx)\.(select|insert|update|delete|execute|query)\(/,
];

const isQueriesFile = (name: string) => name === 'queries.ts' || name.endsWith('-queries.ts');

describe('where queries live', () => {
  it('When a module keeps its queries apart, then no other file of it builds or runs a statement', () => {
    const offending = KEEP_QUERIES_APART.flatMap((module) =>
      readdirSync(join(MODULES, module))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !isQueriesFile(name))
        .filter((name) => {
          const text = readFileSync(join(MODULES, module, name), 'utf8');
          return STATEMENT.some((pattern) => pattern.test(text));
        })
        .map((name) => `${module}/${name}`),
    );
    expect(offending).toEqual([]);
  });
});
