import type { AppContext } from '../../context';
import { API_KEY_PREFIX, isWellFormedApiKey } from '../../domain/api-key';
import { unprocessable } from '../../domain/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import { findApplicationByApiKeyHash } from './queries';

/** How much of the key lists and cards show. */
export const API_KEY_VISIBLE_CHARS = 12;

export const generateApiKey = (): string => `${API_KEY_PREFIX}${randomToken(32)}`;

/** The columns that store a key: a lookup hash, an encrypted copy for reveal, and the visible prefix. */
export function apiKeyColumns(ctx: AppContext, apiKey: string) {
  return {
    apiKeyHash: sha256(apiKey),
    apiKeyEncrypted: ctx.cipher.encrypt(apiKey),
    apiKeyPrefix: apiKey.slice(0, API_KEY_VISIBLE_CHARS),
  };
}

/** The application a machine call's `x-api-key` belongs to, or null (unknown, malformed or replaced key). */
export async function findApplicationByApiKey(ctx: AppContext, apiKey: string | null | undefined) {
  if (!apiKey || !isWellFormedApiKey(apiKey)) return null;
  return (await findApplicationByApiKeyHash(ctx.db, sha256(apiKey))) ?? null;
}

/** Decrypts the stored copy; a SECRET_KEY change makes old copies unreadable (regenerate then). */
export function revealApiKey(ctx: AppContext, application: { apiKeyEncrypted: string }): string {
  try {
    return ctx.cipher.decrypt(application.apiKeyEncrypted);
  } catch {
    throw unprocessable(
      'Não foi possível recuperar a API Key (a chave secreta do servidor mudou). Regenere a chave.',
    );
  }
}
