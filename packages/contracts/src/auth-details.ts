import { z } from 'zod';
import type { AuthType } from './enums';

/** The detail keys each auth type needs; NONE needs none. */
export const AUTH_DETAIL_FIELDS = {
  NONE: [],
  BASIC: ['username', 'password'],
  BEARER: ['token'],
  API_KEY: ['key', 'value'],
} as const satisfies Record<AuthType, readonly string[]>;

export type AuthDetailField = (typeof AUTH_DETAIL_FIELDS)[AuthType][number];

export const AUTH_DETAIL_MESSAGES: Record<AuthDetailField, string> = {
  username: 'Usuário é obrigatório',
  password: 'Senha é obrigatória',
  token: 'Token é obrigatório',
  key: 'Chave é obrigatória',
  value: 'Valor é obrigatório',
};

/** Detail keys whose values are secrets (masked for readers, never logged). */
export const SECRET_AUTH_DETAIL_FIELDS: readonly AuthDetailField[] = ['password', 'token', 'value'];

export const ZAuthDetails = z.record(z.string(), z.string({ error: 'Detalhes de autenticação inválidos' }), {
  error: 'Detalhes de autenticação inválidos',
});
export type TAuthDetails = z.infer<typeof ZAuthDetails>;

/** superRefine helper: one pt-BR issue per missing detail of `type`, at `[...pathPrefix, field]`. */
export function checkAuthDetails(
  type: AuthType,
  details: Record<string, unknown> | null | undefined,
  ctx: z.RefinementCtx,
  pathPrefix: PropertyKey[] = ['authDetails'],
) {
  for (const field of AUTH_DETAIL_FIELDS[type]) {
    const value = details?.[field];
    if (typeof value !== 'string' || value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: AUTH_DETAIL_MESSAGES[field], path: [...pathPrefix, field] });
    }
  }
}

/** Only the keys `type` uses (null for NONE), so stale keys of another type are never stored. */
export function pickAuthDetails(
  type: AuthType,
  details: Record<string, unknown> | null | undefined,
): Record<string, string> | null {
  const fields = AUTH_DETAIL_FIELDS[type];
  if (fields.length === 0) return null;
  const picked: Record<string, string> = {};
  for (const field of fields) {
    const value = details?.[field];
    picked[field] = typeof value === 'string' ? value : '';
  }
  return picked;
}
