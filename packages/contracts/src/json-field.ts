import type { z } from 'zod';

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
