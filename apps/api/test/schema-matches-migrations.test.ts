import { is, SQL } from 'drizzle-orm';
import { getTableConfig, type IndexedColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { openTestDatabase } from './support/test-database';

/**
 * The SQL migrations make the database; the Drizzle schema is what the code
 * believes about it. Both must say the same: every table, column (type,
 * nullability, whether it has a default), primary key, unique constraint and
 * index. Declared indexes are created under a scratch name on the migrated
 * database and read back, so Postgres itself puts both sides in one form
 * (expressions, DESC, partial predicates). INCLUDE columns are not compared:
 * Drizzle cannot declare them.
 */

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const dialect = new PgDialect();
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase({ isEmpty: true });
  await migrateDatabase(database);
});

afterAll(async () => {
  await database?.close();
});

type ColumnRow = { table: string; column: string; type: string; not_null: boolean; has_default: boolean };
type IndexRow = {
  table: string;
  name: string;
  is_unique: boolean;
  is_primary: boolean;
  constraint_type: string | null;
  keys: string[];
  descending: boolean[];
  predicate: string | null;
};

const COLUMNS_SQL = `
  SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
    a.attnotnull AS not_null, a.atthasdef AS has_default
  FROM pg_attribute a
  JOIN pg_class c ON c.oid = a.attrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped
    AND c.relname <> 'schema_migrations'`;

const INDEXES_SQL = `
  SELECT t.relname AS table, i.relname AS name, x.indisunique AS is_unique, x.indisprimary AS is_primary,
    con.contype::text AS constraint_type,
    (SELECT json_agg(pg_get_indexdef(x.indexrelid, k, true) ORDER BY k)
      FROM generate_series(1, x.indnkeyatts) AS k) AS keys,
    (SELECT json_agg((x.indoption[k - 1] & 1) = 1 ORDER BY k)
      FROM generate_series(1, x.indnkeyatts) AS k) AS descending,
    pg_get_expr(x.indpred, x.indrelid, true) AS predicate
  FROM pg_index x
  JOIN pg_class i ON i.oid = x.indexrelid
  JOIN pg_class t ON t.oid = x.indrelid
  JOIN pg_namespace n ON n.oid = t.relnamespace
  LEFT JOIN pg_constraint con ON con.conindid = x.indexrelid AND con.contype IN ('p', 'u')
  WHERE n.nspname = 'public' AND t.relname <> 'schema_migrations' AND NOT t.relispartition`;

const describeColumn = (row: Omit<ColumnRow, 'table' | 'column'>) =>
  `${row.type}${row.not_null ? ' not null' : ''}${row.has_default ? ' default' : ''}`;

const describeKeys = (row: Pick<IndexRow, 'keys' | 'descending'>) =>
  row.keys.map((key, index) => (row.descending[index] ? `${key} DESC` : key)).join(', ');

/** How an index reads, by kind: the primary key and unique constraints by columns, other indexes in full. */
function describeIndex(row: IndexRow): [string, string] {
  if (row.is_primary) return [`${row.table} primary key`, describeKeys(row)];
  if (row.constraint_type === 'u')
    return [`${row.table} ${row.name}`, `unique constraint (${describeKeys(row)})`];
  const where = row.predicate ? ` where ${row.predicate}` : '';
  return [
    `${row.table} ${row.name}`,
    `${row.is_unique ? 'unique ' : ''}index (${describeKeys(row)})${where}`,
  ];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function renderSql(value: SQL): string {
  const query = dialect.sqlToQuery(value, 'indexes');
  if (query.params.length > 0) throw new Error(`index SQL must not take parameters: ${query.sql}`);
  return query.sql;
}

describe('Drizzle schema and SQL migrations', () => {
  it('When the migrations are applied to a fresh database, then its columns are those the Drizzle schema declares', async () => {
    const rows = await database.query<ColumnRow>(COLUMNS_SQL);
    const migrated = Object.fromEntries(
      rows.map((row) => [`${row.table}.${row.column}`, describeColumn(row)]),
    );
    const declared = Object.fromEntries(
      tables.flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns.map((column) => [
          `${config.name}.${column.name}`,
          describeColumn({
            type: column.getSQLType(),
            not_null: column.notNull,
            has_default: column.hasDefault,
          }),
        ]);
      }),
    );
    expect(declared).toEqual(migrated);
  });

  it('When the migrations are applied to a fresh database, then its keys and indexes are those the Drizzle schema declares', async () => {
    const migrated = Object.fromEntries((await database.query<IndexRow>(INDEXES_SQL)).map(describeIndex));
    const declared: Record<string, string> = {};
    for (const table of tables) {
      const config = getTableConfig(table);
      const primary = [
        ...config.columns.filter((column) => column.primary).map((column) => column.name),
        ...config.primaryKeys.flatMap((key) => key.columns.map((column) => column.name)),
      ];
      if (primary.length > 0) declared[`${config.name} primary key`] = primary.join(', ');
      for (const column of config.columns.filter((candidate) => candidate.isUnique)) {
        declared[`${config.name} ${column.uniqueName}`] = `unique constraint (${column.name})`;
      }
      for (const unique of config.uniqueConstraints) {
        declared[`${config.name} ${unique.getName()}`] =
          `unique constraint (${unique.columns.map((column) => column.name).join(', ')})`;
      }
      for (const [position, index] of config.indexes.entries()) {
        const [key, description] = await readBackDeclaredIndex(config.name, index.config, position);
        declared[key] = description;
      }
    }
    expect(declared).toEqual(migrated);
  });
});

type DeclaredIndex = ReturnType<typeof getTableConfig>['indexes'][number]['config'];

/** Creates the declared index under a scratch name, reads it back as Postgres stores it, and drops it. */
async function readBackDeclaredIndex(
  table: string,
  index: DeclaredIndex,
  position: number,
): Promise<[string, string]> {
  const scratch = `declared_${table}_${position}`;
  const columns = index.columns.map((column) => {
    if (is(column, SQL)) return renderSql(column);
    const indexed = column as IndexedColumn;
    const name = quote(String(indexed.name));
    return indexed.indexConfig?.order === 'desc' ? `${name} DESC` : name;
  });
  const where = index.where ? ` WHERE ${renderSql(index.where)}` : '';
  await database.query(
    `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${quote(scratch)} ON ${quote(table)} (${columns.join(', ')})${where}`,
  );
  try {
    const [row] = await database.query<IndexRow>(`${INDEXES_SQL} AND i.relname = $1`, [scratch]);
    if (!row) throw new Error(`index ${scratch} not created`);
    return describeIndex({ ...row, name: index.name ?? scratch });
  } finally {
    await database.query(`DROP INDEX ${quote(scratch)}`);
  }
}
