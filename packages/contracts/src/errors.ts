import { z } from 'zod';

/** Every error answer of the API has this shape; `error` is pt-BR. */
export const ZErrorResponse = z
  .object({
    error: z.string(),
    code: z.string(),
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  USER_INACTIVE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  /** An emitted payload that breaks its event's schema in ENFORCE mode; `details` lists where. */
  SCHEMA_VIOLATION: 422,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
