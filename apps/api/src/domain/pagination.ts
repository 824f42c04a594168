import type { TPagination } from '@wm/contracts';

export const pageOffset = (page: number, limit: number) => (page - 1) * limit;

export function toPagination(page: number, limit: number, total: number): TPagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** `%term%` for ILIKE with the pattern characters of the term escaped. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
