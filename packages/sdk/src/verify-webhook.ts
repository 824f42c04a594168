import { createHmac, timingSafeEqual } from 'node:crypto';

/** Why a request was refused; `message` is the pt-BR text to log or answer with. */
export type WebhookErrorCode =
  | 'WEBHOOK_SECRET_INVALID'
  | 'WEBHOOK_HEADERS_MISSING'
  | 'WEBHOOK_TIMESTAMP_INVALID'
  | 'WEBHOOK_TIMESTAMP_TOO_OLD'
  | 'WEBHOOK_TIMESTAMP_TOO_NEW'
  | 'WEBHOOK_SIGNATURE_INVALID'
  | 'WEBHOOK_PAYLOAD_INVALID';

const MESSAGES: Record<WebhookErrorCode, string> = {
  WEBHOOK_SECRET_INVALID: 'O segredo de assinatura deve ter o formato whsec_<base64>.',
  WEBHOOK_HEADERS_MISSING:
    'A requisição não traz os cabeçalhos webhook-id, webhook-timestamp e webhook-signature.',
  WEBHOOK_TIMESTAMP_INVALID: 'O cabeçalho webhook-timestamp não é um número de segundos válido.',
  WEBHOOK_TIMESTAMP_TOO_OLD: 'A mensagem é antiga demais: o horário da assinatura está fora da tolerância.',
  WEBHOOK_TIMESTAMP_TOO_NEW: 'A mensagem está no futuro: o horário da assinatura está fora da tolerância.',
  WEBHOOK_SIGNATURE_INVALID: 'Nenhuma assinatura da requisição confere com o segredo.',
  WEBHOOK_PAYLOAD_INVALID: 'O corpo assinado não é um JSON válido.',
};

export class WebhookVerificationError extends Error {
  readonly code: WebhookErrorCode;

  constructor(code: WebhookErrorCode) {
    super(MESSAGES[code]);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

/** Fetch `Headers`, or a plain record such as Node's `IncomingHttpHeaders` (any letter case). */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Record<string, string | string[] | undefined>;

export type VerifyWebhookOptions = {
  /** How far, in seconds, the signature's time may be from now either way; 300 by default. */
  toleranceSeconds?: number;
  /** The current time; the system clock by default. */
  now?: () => Date;
};

export type VerifiedWebhook<T> = {
  /** `webhook-id`: the same for every retry of one message, so receivers can drop duplicates. */
  id: string;
  timestamp: Date;
  /** The body parsed as JSON; `undefined` for an empty body (GET deliveries). */
  payload: T;
};

export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(' ') : value;
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (encoded.length === 0 || !BASE64.test(encoded))
    throw new WebhookVerificationError('WEBHOOK_SECRET_INVALID');
  return Buffer.from(encoded, 'base64');
}

/**
 * Checks a Standard Webhooks request (deliveries and event callbacks alike): HMAC-SHA256, keyed
 * with the `whsec_` secret, of `${webhook-id}.${webhook-timestamp}.${body}`, against every `v1,`
 * entry of `webhook-signature` (several while a secret is being rotated), compared in constant
 * time, with the timestamp within the tolerance window. Pass the body exactly as received (the raw
 * string or bytes, before any JSON parsing). Throws a WebhookVerificationError, or answers the
 * message's id, time and parsed payload.
 */
export function verifyWebhook<T = unknown>(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): VerifiedWebhook<T> {
  const key = secretKey(secret);
  const id = readHeader(headers, 'webhook-id');
  const timestampText = readHeader(headers, 'webhook-timestamp');
  const signatures = readHeader(headers, 'webhook-signature');
  if (!id || !timestampText || !signatures) throw new WebhookVerificationError('WEBHOOK_HEADERS_MISSING');

  if (!/^\d{1,12}$/.test(timestampText.trim()))
    throw new WebhookVerificationError('WEBHOOK_TIMESTAMP_INVALID');
  const timestamp = Number(timestampText.trim());
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  if (timestamp < nowSeconds - tolerance) throw new WebhookVerificationError('WEBHOOK_TIMESTAMP_TOO_OLD');
  if (timestamp > nowSeconds + tolerance) throw new WebhookVerificationError('WEBHOOK_TIMESTAMP_TOO_NEW');

  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const expected = createHmac('sha256', key).update(`${id}.${timestampText.trim()}.`).update(bytes).digest();
  const isSigned = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .some((entry) => {
      const candidate = Buffer.from(entry.slice(3), 'base64');
      return candidate.length === expected.length && timingSafeEqual(candidate, expected);
    });
  if (!isSigned) throw new WebhookVerificationError('WEBHOOK_SIGNATURE_INVALID');

  const text = bytes.toString('utf8');
  let payload: unknown;
  if (text.length > 0) {
    try {
      payload = JSON.parse(text);
    } catch {
      throw new WebhookVerificationError('WEBHOOK_PAYLOAD_INVALID');
    }
  }
  return { id, timestamp: new Date(timestamp * 1000), payload: payload as T };
}
