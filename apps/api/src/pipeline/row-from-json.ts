import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row read as `to_jsonb(t.*)` or `row_to_json(t.*)` in raw SQL, in the shape Drizzle would give:
 * property names instead of column names, timestamps as Dates.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name] ?? null;
    row[key] = column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T['$inferSelect'];
}
