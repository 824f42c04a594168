import { ERROR_CODES, type ErrorCode } from '@wm/contracts';

/**
 * The one error type of the use cases: a code (with its HTTP status, from the contracts) and a
 * pt-BR message; the HTTP layer answers it as `{error, code, details?}`.
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

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, details?: unknown) => new AppError('CONFLICT', message, details);
export const forbidden = (message = 'Acesso negado') => new AppError('FORBIDDEN', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('BAD_REQUEST', message, details);
