import type { TPagination } from '@wm/contracts';
import { type Column, eq, ilike, or, type SQL } from 'drizzle-orm';

export const pageOffset = (page: number, limit: number) => (page - 1) * limit;

export function toPagination(page: number, limit: number, total: number): TPagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** A list filter's `column = value`; no condition when the query leaves the value out. */
export function matchValue(column: Column, value: string | undefined): SQL | undefined {
  return value ? eq(column, value) : undefined;
}

/** A list search: any of `columns` contains the term, case-insensitively; no condition without a term. */
export function matchSearch(term: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}
