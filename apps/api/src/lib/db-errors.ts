/** The SQLSTATE of a database error, whether thrown by pg or PGlite, wrapped by drizzle or not. */
export const databaseErrorCode = (error: unknown): unknown =>
  (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code;

/** True for PostgreSQL's unique_violation (23505). */
export const isUniqueViolation = (error: unknown) => databaseErrorCode(error) === '23505';

/** True for PostgreSQL's foreign_key_violation (23503). */
export const isForeignKeyViolation = (error: unknown) => databaseErrorCode(error) === '23503';

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

// Connection exceptions (08), the server shutting down or starting (57P0x), no connection slots (53300).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// What pg itself throws when it cannot get or keep a connection (no code of its own).
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error/;

/**
 * True when the database could not be reached (refused, timed out, dropped, shutting down): the
 * request may succeed later, so it is answered 503, not 500. Looks through drizzle's and
 * AggregateError's wrapping.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) {
    return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
