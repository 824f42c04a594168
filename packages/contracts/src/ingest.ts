import { parsePath } from '@wm/rules';
import { decodeWebhookSecret } from '@wm/standard-webhooks/protocol';
import { z } from 'zod';
import { MASKED_SECRET } from './auth-details';
import { listQuery, paginated, ZId } from './common';
import { ZSchemaViolation } from './event-schema';

/** How a route checks who sent a request to its ingest URL. */
export const VERIFICATION_TYPES = [
  'GITHUB',
  'STRIPE',
  'STANDARD_WEBHOOKS',
  'HMAC_SHA256',
  'BASIC',
  'API_KEY',
  'NONE',
] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

export const VERIFICATION_TYPE_LABELS: Record<VerificationType, string> = {
  GITHUB: 'GitHub (X-Hub-Signature-256)',
  STRIPE: 'Stripe (Stripe-Signature)',
  STANDARD_WEBHOOKS: 'Standard Webhooks (webhook-signature)',
  HMAC_SHA256: 'HMAC-SHA256 genérico',
  BASIC: 'Basic Auth',
  API_KEY: 'Chave de API em cabeçalho',
  NONE: 'Nenhuma (aceita qualquer requisição)',
};

export const HMAC_ENCODINGS = ['hex', 'base64'] as const;
export type HmacEncoding = (typeof HMAC_ENCODINGS)[number];

export type VerificationField =
  | 'secret'
  | 'header'
  | 'encoding'
  | 'prefix'
  | 'username'
  | 'password'
  | 'value';

/** The fields each type uses, the required ones first; secret, password and value are write-only. */
export const VERIFICATION_FIELDS: Record<
  VerificationType,
  { required: readonly VerificationField[]; optional: readonly VerificationField[] }
> = {
  GITHUB: { required: ['secret'], optional: [] },
  STRIPE: { required: ['secret'], optional: [] },
  STANDARD_WEBHOOKS: { required: ['secret'], optional: [] },
  HMAC_SHA256: { required: ['secret', 'header'], optional: ['encoding', 'prefix'] },
  BASIC: { required: ['username', 'password'], optional: [] },
  API_KEY: { required: ['header', 'value'], optional: [] },
  NONE: { required: [], optional: [] },
};

export const VERIFICATION_SECRET_FIELDS: readonly VerificationField[] = ['secret', 'password', 'value'];

export const VERIFICATION_FIELD_MESSAGES: Record<VerificationField, string> = {
  secret: 'Segredo é obrigatório',
  header: 'Cabeçalho é obrigatório',
  encoding: 'Codificação deve ser hex ou base64',
  prefix: 'Prefixo inválido',
  username: 'Usuário é obrigatório',
  password: 'Senha é obrigatória',
  value: 'Valor é obrigatório',
};

/** A Standard Webhooks secret a route accepts: `whsec_` (optional) and 24 to 64 bytes in base64. */
export function isStandardWebhooksSecret(secret: string): boolean {
  const key = decodeWebhookSecret(secret);
  return key !== null && key.length >= 24 && key.length <= 64;
}

const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Blank means absent: a form sends '' for a field left empty. */
const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const oneLine = (max: number, message: string) =>
  z.preprocess(
    blankAsAbsent,
    z
      .string({ error: message })
      .trim()
      .max(max, { error: `Deve ter no máximo ${max} caracteres` })
      .regex(/^[^\r\n]*$/, { error: 'Não pode conter quebras de linha' })
      .optional(),
  );

export const ZHeaderName = z
  .string({ error: 'Cabeçalho é obrigatório' })
  .trim()
  .min(1, { error: 'Cabeçalho é obrigatório' })
  .max(255, { error: 'Cabeçalho deve ter no máximo 255 caracteres' })
  .regex(HEADER_NAME_PATTERN, { error: 'Cabeçalho deve ser um nome de cabeçalho HTTP válido' });

/**
 * A route's verification as written (create, update, the console's form). Secrets (secret,
 * password, value) are write-only: on an update, one left out (or sent masked) keeps the stored one
 * while the type stays the same; the server checks that every required field is then known.
 */
export const ZVerificationInput = z
  .object({
    type: z.enum(VERIFICATION_TYPES, { error: 'Tipo de verificação inválido' }),
    secret: oneLine(1024, 'Segredo deve ser um texto'),
    header: z.preprocess(blankAsAbsent, ZHeaderName.optional()),
    encoding: z.preprocess(
      blankAsAbsent,
      z.enum(HMAC_ENCODINGS, { error: VERIFICATION_FIELD_MESSAGES.encoding }).optional(),
    ),
    prefix: oneLine(64, 'Prefixo deve ser um texto'),
    username: oneLine(255, 'Usuário deve ser um texto'),
    password: oneLine(1024, 'Senha deve ser um texto'),
    value: oneLine(1024, 'Valor deve ser um texto'),
  })
  .superRefine((input, ctx) => {
    if (
      input.type === 'STANDARD_WEBHOOKS' &&
      input.secret !== undefined &&
      input.secret !== MASKED_SECRET &&
      !isStandardWebhooksSecret(input.secret)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['secret'],
        message: 'Segredo deve ser whsec_ seguido de 24 a 64 bytes em base64',
      });
    }
    for (const field of VERIFICATION_FIELDS[input.type].required) {
      if (VERIFICATION_SECRET_FIELDS.includes(field)) continue;
      if (input[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: VERIFICATION_FIELD_MESSAGES[field] });
      }
    }
  });
export type TVerificationInput = z.input<typeof ZVerificationInput>;
export type TVerification = z.output<typeof ZVerificationInput>;

/** The required secret fields of `type` that `known` lacks (after merging with what is stored). */
export function findMissingVerificationSecrets(
  type: VerificationType,
  known: Partial<Record<VerificationField, unknown>>,
): VerificationField[] {
  return VERIFICATION_FIELDS[type].required.filter(
    (field) => VERIFICATION_SECRET_FIELDS.includes(field) && typeof known[field] !== 'string',
  );
}

/**
 * A route's verification as answered: secrets masked, fields the type does not use null. Inline in
 * the document, not a component: routes answer it nullable, which OpenAPI 3.0 cannot say of a $ref.
 */
export const ZRouteVerification = z.object({
  type: z.enum(VERIFICATION_TYPES),
  secret: z.string().nullable(),
  header: z.string().nullable(),
  encoding: z.enum(HMAC_ENCODINGS).nullable(),
  prefix: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  value: z.string().nullable(),
});
export type TRouteVerification = z.infer<typeof ZRouteVerification>;

export const EVENT_TYPE_SOURCES = ['HEADER', 'BODY_PATH', 'FIXED'] as const;
export type EventTypeSource = (typeof EVENT_TYPE_SOURCES)[number];

export const EVENT_TYPE_SOURCE_LABELS: Record<EventTypeSource, string> = {
  HEADER: 'Cabeçalho',
  BODY_PATH: 'Caminho no corpo',
  FIXED: 'Fixo',
};

/** Lowercase words joined by dots: the route event types' alias pattern. */
const ALIAS_PATTERN = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** Where the event type of a request is read: a header, a path in its body, or always the same. */
export const ZEventTypeFrom = z
  .object({
    source: z.enum(EVENT_TYPE_SOURCES, { error: 'Origem do tipo de evento inválida' }),
    value: z
      .string({ error: 'Informe de onde ler o tipo de evento' })
      .trim()
      .min(1, { error: 'Informe de onde ler o tipo de evento' })
      .max(255, { error: 'Deve ter no máximo 255 caracteres' }),
  })
  .superRefine((input, ctx) => {
    const isValid =
      input.source === 'HEADER'
        ? HEADER_NAME_PATTERN.test(input.value)
        : input.source === 'BODY_PATH'
          ? parsePath(input.value) !== null
          : ALIAS_PATTERN.test(input.value);
    if (isValid) return;
    const message =
      input.source === 'HEADER'
        ? 'Cabeçalho deve ser um nome de cabeçalho HTTP válido'
        : input.source === 'BODY_PATH'
          ? 'Caminho inválido: use um caminho JSON como type ou data.object.type'
          : 'Alias deve ter palavras minúsculas separadas por pontos, como message.text.received';
    ctx.addIssue({ code: 'custom', path: ['value'], message });
  })
  .meta({ id: 'EventTypeFrom' });
export type TEventTypeFrom = z.infer<typeof ZEventTypeFrom>;

export const DEFAULT_EVENT_TYPE_FROM: TEventTypeFrom = { source: 'BODY_PATH', value: 'type' };

/** `<base>/in/<token><endpoint>`, without doubling the slash. */
export function buildIngestUrl(baseUrl: string, token: string, endpoint: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/in/${token}${endpoint}`;
}

/* ---------- inbound requests ---------- */

export const INBOUND_REQUEST_STATUSES = ['ACCEPTED', 'DUPLICATE', 'IGNORED', 'REJECTED'] as const;
export type InboundRequestStatus = (typeof INBOUND_REQUEST_STATUSES)[number];

export const INBOUND_REQUEST_STATUS_LABELS: Record<InboundRequestStatus, string> = {
  ACCEPTED: 'Aceita',
  DUPLICATE: 'Duplicada',
  IGNORED: 'Ignorada',
  REJECTED: 'Rejeitada',
};

export const INBOUND_REQUEST_NOT_FOUND = 'Requisição recebida não encontrada';
export const INBOUND_REQUEST_LIST_LIMIT = 20;

/** The answer of the ingest URL (202): what became of the request. */
export const ZInboundReceipt = z
  .object({
    id: ZId,
    status: z.enum(INBOUND_REQUEST_STATUSES),
    eventLogId: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'InboundReceipt' });
export type TInboundReceipt = z.infer<typeof ZInboundReceipt>;

export const ZInboundRequest = z
  .object({
    id: z.string(),
    routeId: z.string(),
    method: z.string(),
    path: z.string(),
    contentType: z.string().nullable(),
    sizeBytes: z.number().int(),
    verificationType: z.enum(VERIFICATION_TYPES).nullable(),
    isVerified: z.boolean(),
    verificationError: z.string().nullable(),
    status: z.enum(INBOUND_REQUEST_STATUSES),
    errorMessage: z.string().nullable(),
    eventType: z.string().nullable(),
    deliveryId: z.string().nullable(),
    eventLogId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'InboundRequest' });
export type TInboundRequest = z.infer<typeof ZInboundRequest>;

export const ZInboundRequestDetail = ZInboundRequest.extend({
  /** Headers as received, less credentials. */
  headers: z.record(z.string(), z.string()),
  /** The body received, as UTF-8 text. */
  body: z.string(),
  /** The event type's schema version the body was checked against; null when its validation was OFF. */
  schemaVersion: z.number().int().nullable(),
  /** Where the body broke the schema: why it was REJECTED (ENFORCE) or what WARN let through; [] otherwise. */
  schemaViolations: z.array(ZSchemaViolation),
  route: z.object({ id: z.string(), name: z.string(), applicationId: z.string() }),
  /**
   * The rules logs the request led to, oldest first: the one it led to when received (for a
   * DUPLICATE, the first delivery's), then one per reprocess. A log past retention is left out.
   */
  eventLogs: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      errorMessage: z.string().nullable(),
      eventType: z.string(),
      createdAt: z.string(),
      isReprocess: z.boolean(),
    }),
  ),
  permissions: z.object({ canWrite: z.boolean() }),
}).meta({ id: 'InboundRequestDetail' });
export type TInboundRequestDetail = z.infer<typeof ZInboundRequestDetail>;

/** `GET /routes/{id}/inbound-requests?page&limit`, newest first. */
export const ZInboundRequestListQuery = listQuery(INBOUND_REQUEST_LIST_LIMIT).omit({ search: true });
export type TInboundRequestListQuery = z.infer<typeof ZInboundRequestListQuery>;

export const ZInboundRequestListResponse = paginated(ZInboundRequest).meta({ id: 'InboundRequestList' });
export type TInboundRequestListResponse = z.infer<typeof ZInboundRequestListResponse>;
