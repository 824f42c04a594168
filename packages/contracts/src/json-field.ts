import { z } from 'zod';

/** A JSON value given either as JSON text (forms) or as the value itself (API); '' counts as absent. */
export function parseJsonField(value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof value !== 'string') return { ok: true, value };
  try {
    return { ok: true, value: JSON.parse(value) };
  } catch {
    return { ok: false };
  }
}

export const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const addIssue = (ctx: z.RefinementCtx, message: string, path: PropertyKey[] = []) =>
  ctx.addIssue({ code: 'custom', message, path });

/** The size of a value as JSON, in UTF-8 bytes. */
export const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * An optional JSON object given as the object (API) or as JSON text (forms); '' or null → null.
 * Anything else answers `invalidMessage`; an object over `limit.maxBytes` of JSON, `limit.message`.
 */
export const jsonObjectField = (invalidMessage: string, limit?: { maxBytes: number; message: string }) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): Record<string, unknown> | null => {
      if (isBlank(value)) return null;
      const parsed = parseJsonField(value);
      if (!parsed.ok || !isPlainObject(parsed.value)) {
        addIssue(ctx, invalidMessage);
        return z.NEVER;
      }
      if (limit && byteLength(parsed.value) > limit.maxBytes) {
        addIssue(ctx, limit.message);
        return z.NEVER;
      }
      return parsed.value;
    });
