import { createHmac, randomBytes } from 'node:crypto';
import { decodeWebhookSecret, WEBHOOK_SECRET_PREFIX } from './protocol';

/** A new secret: `whsec_` and 24 random bytes in base64, as Svix makes them. */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** The key of `secret`; throws when it has none (a secret this service made always has one). */
function webhookKey(secret: string): Uint8Array {
  const key = decodeWebhookSecret(secret);
  if (!key) throw new Error('Segredo de assinatura inválido: esperado whsec_ seguido de base64');
  return key;
}

/** The raw HMAC-SHA256 of `${id}.${timestamp}.${body}`: what a `v1` signature carries. */
export function computeSignature(
  key: Uint8Array,
  id: string,
  timestamp: string,
  body: string | Uint8Array,
): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

/** The `webhook-signature` value of a message: `v1,` and the base64 of its HMAC-SHA256. */
export function signWebhook(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string | Uint8Array,
): string {
  return `v1,${computeSignature(webhookKey(secret), id, String(timestampSeconds), body).toString('base64')}`;
}
