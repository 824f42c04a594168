import { ERROR_CODES, type ErrorCode } from '@wm/contracts';
import { isUniqueViolation } from '../lib/db-errors';

/**
 * The one error type of the use cases: a code (with its HTTP status, from the contracts) and a
 * pt-BR message; the HTTP layer answers it as `{error, code, details?}`. Built only through the
 * factories below, one per code.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const validationError = (message: string, details?: unknown) =>
  new AppError('VALIDATION_ERROR', message, details);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('BAD_REQUEST', message, details);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', message);
export const invalidCredentials = (message: string) => new AppError('INVALID_CREDENTIALS', message);
export const forbidden = (message = 'Acesso negado') => new AppError('FORBIDDEN', message);
export const userInactive = (message: string) => new AppError('USER_INACTIVE', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const methodNotAllowed = (message: string, details?: unknown) =>
  new AppError('METHOD_NOT_ALLOWED', message, details);
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);
export const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
export const schemaViolation = (message: string, details: { path: string; message: string }[]) =>
  new AppError('SCHEMA_VIOLATION', message, details);
export const unsupportedMediaType = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);
export const rateLimited = (message: string, details?: unknown) =>
  new AppError('RATE_LIMITED', message, details);

/**
 * Runs a write that a unique index may refuse, answering 409 with `message` when it does. The
 * index decides, not a lookup before the write: two concurrent writes cannot both pass it, and
 * the write costs no extra round trip.
 */
export async function refuseDuplicate<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
}
