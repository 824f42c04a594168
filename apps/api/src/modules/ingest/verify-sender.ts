import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { VerificationType } from '@wm/contracts';
import {
  SIGNATURE_TOLERANCE_SECONDS,
  type SignatureFailure,
  verifyWebhookSignature,
} from '@wm/standard-webhooks';

/** A route's verification with its secrets opened (in memory only). */
export type OpenedVerification = {
  type: VerificationType;
  secret?: string;
  header?: string;
  encoding?: 'hex' | 'base64';
  prefix?: string;
  username?: string;
  password?: string;
  value?: string;
};

export type InboundHeaders = Record<string, string | string[] | undefined>;

export type SenderCheck = { isVerified: true } | { isVerified: false; reason: string };

export const VERIFICATION_NOT_CONFIGURED =
  'Verificação não configurada nesta rota: escolha uma na aba Recebimento (ou NONE)';
export const SIGNATURE_MISMATCH = 'Assinatura inválida';
export const TIMESTAMP_OUT_OF_TOLERANCE = `Carimbo de tempo fora da tolerância de ${SIGNATURE_TOLERANCE_SECONDS} s`;

const PASS: SenderCheck = { isVerified: true };
const fail = (reason: string): SenderCheck => ({ isVerified: false, reason });

/** A header's value (the first, when repeated); names are lowercase, as Node gives them. */
export function readHeaderValue(headers: InboundHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

const hmacSha256 = (key: string | Buffer, ...parts: Array<string | Buffer>) => {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

/** Constant time for equal lengths; a digest's length is no secret. */
const isSameBytes = (expected: Buffer, given: Buffer) =>
  expected.length === given.length && timingSafeEqual(expected, given);

/** Texts of any length compared in constant time, through their digests. */
const isSameText = (expected: string, given: string) =>
  timingSafeEqual(
    createHash('sha256').update(expected).digest(),
    createHash('sha256').update(given).digest(),
  );

const HEX = /^[0-9a-fA-F]*$/;
const fromHex = (text: string): Buffer | null =>
  text.length % 2 === 0 && HEX.test(text) ? Buffer.from(text, 'hex') : null;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const fromBase64 = (text: string): Buffer | null => (BASE64.test(text) ? Buffer.from(text, 'base64') : null);

const isWithinTolerance = (timestamp: string, nowMs: number) =>
  /^\d{1,12}$/.test(timestamp) && Math.abs(nowMs / 1000 - Number(timestamp)) <= SIGNATURE_TOLERANCE_SECONDS;

/**
 * Whether the request comes from the sender the route expects, by its type: GitHub's
 * `X-Hub-Signature-256`, Stripe's `Stripe-Signature` (timestamp within the tolerance), Standard
 * Webhooks (`webhook-id/-timestamp/-signature`, or Svix's `svix-*`), an HMAC-SHA256 of the body in a
 * header, Basic auth, or an API key header. Signatures are computed over the raw bytes received and
 * every comparison takes constant time. A route without a verification passes nothing.
 */
export function verifySender(
  verification: OpenedVerification | null,
  headers: InboundHeaders,
  rawBody: Buffer,
  nowMs: number,
): SenderCheck {
  if (!verification) return fail(VERIFICATION_NOT_CONFIGURED);
  const secret = verification.secret ?? '';
  switch (verification.type) {
    case 'NONE':
      return PASS;
    case 'GITHUB':
      return verifyGitHub(secret, headers, rawBody);
    case 'STRIPE':
      return verifyStripe(secret, headers, rawBody, nowMs);
    case 'STANDARD_WEBHOOKS':
      return verifyStandardWebhooks(secret, headers, rawBody, nowMs);
    case 'HMAC_SHA256':
      return verifyHmac(verification, headers, rawBody);
    case 'BASIC':
      return verifyBasic(verification, headers);
    case 'API_KEY':
      return verifyApiKey(verification, headers);
  }
}

function verifyGitHub(secret: string, headers: InboundHeaders, rawBody: Buffer): SenderCheck {
  const signature = readHeaderValue(headers, 'x-hub-signature-256');
  if (!signature) return fail('Cabeçalho X-Hub-Signature-256 ausente');
  const given = signature.startsWith('sha256=') ? fromHex(signature.slice('sha256='.length)) : null;
  if (!given) return fail('Cabeçalho X-Hub-Signature-256 malformado (esperado sha256=<hex>)');
  return isSameBytes(hmacSha256(secret, rawBody), given) ? PASS : fail(SIGNATURE_MISMATCH);
}

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`; other schemes (v0) are ignored, as Stripe's libraries do. */
function verifyStripe(secret: string, headers: InboundHeaders, rawBody: Buffer, nowMs: number): SenderCheck {
  const header = readHeaderValue(headers, 'stripe-signature');
  if (!header) return fail('Cabeçalho Stripe-Signature ausente');
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const item of header.split(',')) {
    const at = item.indexOf('=');
    const [key, value] = [item.slice(0, at).trim(), item.slice(at + 1).trim()];
    if (key === 't') timestamp = value;
    const decoded = key === 'v1' ? fromHex(value) : null;
    if (decoded) signatures.push(decoded);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || signatures.length === 0) {
    return fail('Cabeçalho Stripe-Signature malformado (esperado t=<tempo>,v1=<assinatura>)');
  }
  const expected = hmacSha256(secret, `${timestamp}.`, rawBody);
  if (!anyMatches(expected, signatures)) return fail(SIGNATURE_MISMATCH);
  return isWithinTolerance(timestamp, nowMs) ? PASS : fail(TIMESTAMP_OUT_OF_TOLERANCE);
}

/** Every candidate is compared (no early exit), so the time does not tell which one matched. */
const anyMatches = (expected: Buffer, candidates: Buffer[]) =>
  candidates.reduce((isFound, candidate) => isSameBytes(expected, candidate) || isFound, false);

const STANDARD_WEBHOOKS_REASONS: Record<SignatureFailure, string> = {
  SECRET_INVALID: 'Segredo da rota inválido: esperado whsec_ seguido de base64',
  HEADERS_MISSING: 'Cabeçalhos webhook-id, webhook-timestamp e webhook-signature são obrigatórios',
  TIMESTAMP_INVALID: 'Cabeçalho webhook-timestamp malformado',
  TIMESTAMP_TOO_OLD: TIMESTAMP_OUT_OF_TOLERANCE,
  TIMESTAMP_TOO_NEW: TIMESTAMP_OUT_OF_TOLERANCE,
  SIGNATURE_INVALID: SIGNATURE_MISMATCH,
};

function verifyStandardWebhooks(
  secret: string,
  headers: InboundHeaders,
  rawBody: Buffer,
  nowMs: number,
): SenderCheck {
  const check = verifyWebhookSignature(secret, headers, rawBody, { now: new Date(nowMs) });
  return check.isValid ? PASS : fail(STANDARD_WEBHOOKS_REASONS[check.failure]);
}

function verifyHmac(verification: OpenedVerification, headers: InboundHeaders, rawBody: Buffer): SenderCheck {
  const name = verification.header ?? '';
  const header = readHeaderValue(headers, name);
  if (!header) return fail(`Cabeçalho ${name} ausente`);
  const prefix = verification.prefix ?? '';
  if (!header.startsWith(prefix)) return fail(`Assinatura sem o prefixo ${prefix}`);
  const text = header.slice(prefix.length).trim();
  const given = verification.encoding === 'base64' ? fromBase64(text) : fromHex(text);
  if (!given)
    return fail(`Assinatura em ${verification.encoding === 'base64' ? 'base64' : 'hex'} malformada`);
  return isSameBytes(hmacSha256(verification.secret ?? '', rawBody), given) ? PASS : fail(SIGNATURE_MISMATCH);
}

function verifyBasic(verification: OpenedVerification, headers: InboundHeaders): SenderCheck {
  const header = readHeaderValue(headers, 'authorization');
  const match = header ? /^Basic\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return fail('Cabeçalho Authorization (Basic) ausente');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  if (at < 0) return fail('Cabeçalho Authorization (Basic) malformado');
  // Both compared, whatever the first gives, so the time does not tell which one was wrong.
  const isUser = isSameText(verification.username ?? '', decoded.slice(0, at));
  const isPassword = isSameText(verification.password ?? '', decoded.slice(at + 1));
  return isUser && isPassword ? PASS : fail('Usuário ou senha inválidos');
}

function verifyApiKey(verification: OpenedVerification, headers: InboundHeaders): SenderCheck {
  const name = verification.header ?? '';
  const header = readHeaderValue(headers, name);
  if (header === undefined) return fail(`Cabeçalho ${name} ausente`);
  return isSameText(verification.value ?? '', header) ? PASS : fail('Chave de API inválida');
}
