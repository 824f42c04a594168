import type { TPagination } from '@wm/contracts';
import { type Column, eq, ilike, or, type SQL } from 'drizzle-orm';

export const pageOffset = (page: number, limit: number) => (page - 1) * limit;

export function toPagination(page: number, limit: number, total: number): TPagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The list filters, one style for every list: `matchValue` for a value the column must equal,
 * `matchSearch` for a term one of the columns must contain. Each answers no condition when the
 * query leaves its value out, so a list's where is `and(visibility, ...matches)`.
 */
export function matchValue(column: Column, value: string | boolean | undefined): SQL | undefined {
  return value === undefined || value === '' ? undefined : eq(column, value);
}

/** A list search: any of `columns` contains the term, case-insensitively; no condition without a term. */
export function matchSearch(term: string | undefined, ...columns: Array<Column | SQL>): SQL | undefined {
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}
