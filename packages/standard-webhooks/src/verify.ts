import { timingSafeEqual } from 'node:crypto';
import { decodeWebhookSecret, SIGNATURE_TOLERANCE_SECONDS } from './protocol';
import { computeSignature } from './sign';

/** Fetch `Headers`, or a plain record such as Node's `IncomingHttpHeaders` (any letter case). */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Record<string, string | string[] | undefined>;

/** Why a message was refused; each verifier words it for its own readers. */
export type SignatureFailure =
  | 'SECRET_INVALID'
  | 'HEADERS_MISSING'
  | 'TIMESTAMP_INVALID'
  | 'TIMESTAMP_TOO_OLD'
  | 'TIMESTAMP_TOO_NEW'
  | 'SIGNATURE_INVALID';

export type SignatureCheck =
  | { isValid: true; id: string; timestamp: Date }
  | { isValid: false; failure: SignatureFailure };

export type SignatureCheckOptions = {
  now: Date;
  /** Seconds the timestamp may be from `now` either way; SIGNATURE_TOLERANCE_SECONDS by default. */
  toleranceSeconds?: number;
};

function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(' ') : value;
}

/** `webhook-*`, or the `svix-*` names Svix sends the same values under. */
const readWebhookHeader = (headers: WebhookHeaders, name: string) =>
  readHeader(headers, `webhook-${name}`) || readHeader(headers, `svix-${name}`);

/** Constant time for equal lengths; a signature's length is no secret. */
function isSameText(expected: string, given: string): boolean {
  const [expectedBytes, givenBytes] = [Buffer.from(expected), Buffer.from(given)];
  return expectedBytes.length === givenBytes.length && timingSafeEqual(expectedBytes, givenBytes);
}

/**
 * Whether a message is signed with `secret`: the HMAC-SHA256, keyed with the secret, of
 * `${webhook-id}.${webhook-timestamp}.${body}` against every `v1,` entry of `webhook-signature`
 * (several while a secret is rotated; other versions are skipped), each compared in constant time
 * and none skipped once one matches, with the timestamp no further than the tolerance from `now`,
 * checked first as the reference libraries do. `body` is the raw text or bytes as received.
 */
export function verifyWebhookSignature(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: SignatureCheckOptions,
): SignatureCheck {
  const refuse = (failure: SignatureFailure): SignatureCheck => ({ isValid: false, failure });
  const key = decodeWebhookSecret(secret);
  if (!key) return refuse('SECRET_INVALID');
  const id = readWebhookHeader(headers, 'id');
  const timestampText = readWebhookHeader(headers, 'timestamp')?.trim();
  const signatures = readWebhookHeader(headers, 'signature');
  if (!id || !timestampText || !signatures) return refuse('HEADERS_MISSING');

  if (!/^\d{1,12}$/.test(timestampText)) return refuse('TIMESTAMP_INVALID');
  const timestamp = Number(timestampText);
  const tolerance = options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  if (timestamp < nowSeconds - tolerance) return refuse('TIMESTAMP_TOO_OLD');
  if (timestamp > nowSeconds + tolerance) return refuse('TIMESTAMP_TOO_NEW');

  const expected = computeSignature(key, id, timestampText, body).toString('base64');
  const isSigned = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .reduce((isFound, entry) => isSameText(expected, entry.slice('v1,'.length)) || isFound, false);
  if (!isSigned) return refuse('SIGNATURE_INVALID');
  return { isValid: true, id, timestamp: new Date(timestamp * 1000) };
}
