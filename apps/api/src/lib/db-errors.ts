/** True for PostgreSQL's unique_violation (23505), whether thrown by pg or PGlite, wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

/** True for an error raised by a database query (drizzle's wrapper, or pg's and PGlite's own errors). */
export function isDatabaseError(error: unknown): boolean {
  const fields = error as { query?: unknown; code?: unknown; severity?: unknown } | null;
  return (
    typeof fields?.query === 'string' || (typeof fields?.code === 'string' && fields.severity !== undefined)
  );
}

/**
 * A failure as users may read it (stored on a log the console shows): a database error says only
 * that, since its message holds the SQL and the values; other errors keep their message.
 */
export function describeFailure(error: unknown): string {
  if (isDatabaseError(error)) return 'falha ao acessar o banco de dados';
  return error instanceof Error ? error.message : String(error);
}
