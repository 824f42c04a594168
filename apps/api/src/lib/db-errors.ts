/** True for PostgreSQL's unique_violation (23505), whether thrown by pg or PGlite, wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
