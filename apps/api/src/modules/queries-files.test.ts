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
  'emit',
  'emit-rules',
  'event-logs',
  'event-rules',
  'events',
  'ingest',
  'integration',
  'logs',
  'notifications',
  'profile',
  'retention',
  'route-event-types',
  'route-fields',
  'routes',
  'stats',
  'subscriptions',
];

/** A builder import, a table imported as a value, or raw SQL run on the connection. */
const STATEMENT = [
  /from 'drizzle-orm'/,
  /^import \{[^}]*\} from '\.\.\/\.\.\/db\/schema'/m,
  // A call may wrap before the dot and name its row type: `ctx.db\n  .select(`, `query<Row>(`.
  /\b(db|database|tx)\s*\.(select|insert|update|delete|execute|query)\s*(<[^(]*>)?\(/,
];

const isStatement = (text: string) => STATEMENT.some((pattern) => pattern.test(text));

const isQueriesFile = (name: string) => name === 'queries.ts' || name.endsWith('-queries.ts');

describe('where queries live', () => {
  it('When a module keeps its queries apart, then no other file of it builds or runs a statement', () => {
    const offending = KEEP_QUERIES_APART.flatMap((module) =>
      readdirSync(join(MODULES, module))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !isQueriesFile(name))
        .filter((name) => isStatement(readFileSync(join(MODULES, module, name), 'utf8')))
        .map((name) => `${module}/${name}`),
    );
    expect(offending).toEqual([]);
  });

  it('When a file builds or runs a statement in any of the usual shapes, then it is seen', () => {
    const statements = [
      "import { eq } from 'drizzle-orm';",
      "import { rules } from '../../db/schema';",
      'await ctx.db.delete(rules).where(eq(rules.id, id));',
      'await ctx.db\n    .select({ n: count() })',
      'await tx.update(rules).set(columns);',
      "const rows = await ctx.database.query<{ id: string }>(INSERT_EMITS, [], 'insert_emits');",
    ];
    expect(statements.filter((text) => !isStatement(text))).toEqual([]);
    expect(isStatement("import type { rules } from '../../db/schema';")).toBe(false);
    expect(isStatement('const row = await findRuleRow(ctx.db, user, id);')).toBe(false);
  });
});
