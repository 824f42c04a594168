import type { z } from 'zod';
import { validationError } from './errors';

/** Parses with `schema` or throws the same 400 VALIDATION_ERROR answer the route schemas give. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  throw validationError(details[0]?.message ?? 'Dados inválidos', details);
}
