/**
 * What Standard Webhooks fixes besides the cryptography: the secret's format and how far a
 * signature's time may be from now. No Node module here, so a browser bundle may import it
 * (`@wm/standard-webhooks/protocol`).
 */

/** A secret is `whsec_` then its key in base64; the prefix may be left out. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** How far, in seconds, a signature's timestamp may be from now, either way (5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** Standard base64, padded: what the reference libraries decode (they refuse anything else). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The key of a secret: the bytes its base64 holds, without the `whsec_` prefix; null when there is none. */
export function decodeWebhookSecret(secret: string): Uint8Array | null {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
    : secret;
  if (encoded.length === 0 || !BASE64.test(encoded)) return null;
  // A plain loop: Uint8Array.from with a mapping function is ten times slower, and every delivery's
  // signature decodes its secret.
  const binary = atob(encoded);
  const key = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) key[index] = binary.charCodeAt(index);
  return key;
}
