import {
  SIGNATURE_TOLERANCE_SECONDS,
  verifyWebhookSignature,
  type WebhookHeaders,
} from '@wm/standard-webhooks';

export type { WebhookHeaders } from '@wm/standard-webhooks';

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

/** The Standard Webhooks tolerance (300 s), under the name this package has always exported it by. */
export const DEFAULT_TOLERANCE_SECONDS = SIGNATURE_TOLERANCE_SECONDS;

/**
 * Checks a Standard Webhooks request (deliveries and event callbacks alike; Svix's `svix-*`
 * headers too): HMAC-SHA256, keyed with the `whsec_` secret, of
 * `${webhook-id}.${webhook-timestamp}.${body}`, against every `v1,` entry of `webhook-signature`
 * (several while a secret is being rotated), compared in constant time, with the timestamp within
 * the tolerance window. Pass the body exactly as received (the raw string or bytes, before any
 * JSON parsing). Throws a WebhookVerificationError, or answers the message's id, time and parsed
 * payload. The signature is on every request whatever the subscription's auth type, so this check
 * never changes; the auth type adds its own: with OAuth2 client credentials, also validate the
 * `Authorization: Bearer` token with your authorization server; with mutual TLS, your TLS server
 * requires the client certificate and checks it against the CA that issued it.
 */
export function verifyWebhook<T = unknown>(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): VerifiedWebhook<T> {
  const check = verifyWebhookSignature(secret, headers, body, {
    now: options.now?.() ?? new Date(),
    toleranceSeconds: options.toleranceSeconds,
  });
  if (!check.isValid) throw new WebhookVerificationError(`WEBHOOK_${check.failure}`);

  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  let payload: unknown;
  if (text.length > 0) {
    try {
      payload = JSON.parse(text);
    } catch {
      throw new WebhookVerificationError('WEBHOOK_PAYLOAD_INVALID');
    }
  }
  return { id: check.id, timestamp: check.timestamp, payload: payload as T };
}
