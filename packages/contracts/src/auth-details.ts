import { z } from 'zod';
import { AUTH_TYPES, OAUTH2_AUTH_METHODS, type SubscriptionAuthType } from './enums';

/** What a reader without edit permission sees in place of a secret value. */
export const MASKED_SECRET = '••••••';

export const ZAuthType = z.enum(AUTH_TYPES, { error: 'Tipo de autenticação inválido' });

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(2048, { error: 'Valor muito longo' })
    .regex(/^[^\r\n]*$/, { error: 'Não pode conter quebras de linha' });

export const RESERVED_HEADER_MESSAGE =
  'Este cabeçalho é reservado (conexão HTTP ou assinatura do webhook); use outro nome';

/**
 * Headers a custom API key header may not be named: those that frame the message or steer the
 * connection (hop-by-hop), and the signature headers the service sets itself. Sent by a user,
 * they would corrupt or redirect the request, or be overwritten silently.
 */
const RESERVED_HEADER_NAMES = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'http2-settings',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);

/** True for a header name no custom auth header may take (any case; every proxy-* header too). */
export function isReservedHeaderName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return RESERVED_HEADER_NAMES.has(lower) || lower.startsWith('proxy-');
}

export const ZBasicAuthDetails = z.object({
  username: requiredText('Usuário é obrigatório'),
  password: requiredText('Senha é obrigatória'),
});
export const ZBearerAuthDetails = z.object({ token: requiredText('Token é obrigatório') });
export const ZApiKeyAuthDetails = z.object({
  key: requiredText('Chave é obrigatória')
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, {
      error: 'Chave deve ser um nome de cabeçalho HTTP válido',
    })
    .refine((key) => !isReservedHeaderName(key), { error: RESERVED_HEADER_MESSAGE }),
  value: requiredText('Valor é obrigatório'),
});

const optionalText = z
  .string({ error: 'Valor inválido' })
  .trim()
  .max(2048, { error: 'Valor muito longo' })
  .regex(/^[^\r\n]*$/, { error: 'Não pode conter quebras de linha' })
  .optional();

/** OAuth2 client credentials: the worker asks `tokenUrl` for a token and sends it as Bearer. */
export const ZOAuth2AuthDetails = z.object({
  tokenUrl: requiredText('URL do token é obrigatória')
    .regex(/^https?:\/\//i, { error: 'URL do token deve começar com http:// ou https://' })
    .refine((value) => URL.canParse(value), { error: 'URL do token inválida' }),
  clientId: requiredText('Client ID é obrigatório'),
  clientSecret: requiredText('Client secret é obrigatório'),
  scope: optionalText,
  audience: optionalText,
  authMethod: z
    .enum(OAUTH2_AUTH_METHODS, { error: 'Método de autenticação do token inválido' })
    .default('client_secret_basic'),
});
export type TOAuth2AuthDetails = z.output<typeof ZOAuth2AuthDetails>;

/** The details each auth type needs; NONE needs none. */
export const AUTH_DETAILS_SCHEMAS = {
  BASIC: ZBasicAuthDetails,
  BEARER: ZBearerAuthDetails,
  API_KEY: ZApiKeyAuthDetails,
  OAUTH2_CLIENT_CREDENTIALS: ZOAuth2AuthDetails,
} as const;

/** Fields holding a secret, masked for readers who may not edit. */
export const AUTH_SECRET_FIELDS: Record<SubscriptionAuthType, readonly string[]> = {
  NONE: [],
  BASIC: ['password'],
  BEARER: ['token'],
  API_KEY: ['value'],
  OAUTH2_CLIENT_CREDENTIALS: ['clientSecret'],
};

/** Secret fields never answered, not even to who may edit: a form sends MASKED_SECRET to keep them. */
export const WRITE_ONLY_AUTH_FIELDS: readonly string[] = ['clientSecret'];

export type TBasicAuthDetails = z.infer<typeof ZBasicAuthDetails>;
export type TBearerAuthDetails = z.infer<typeof ZBearerAuthDetails>;
export type TApiKeyAuthDetails = z.infer<typeof ZApiKeyAuthDetails>;
export type TAuthDetails = Record<string, string>;

/** Loose input accepted for any type; checked against the type with addAuthDetailsIssues. */
export const ZAuthDetailsInput = z.record(z.string(), z.unknown()).nullish();

/**
 * Adds one issue per missing or invalid field required by `type`, under `path`
 * (e.g. ['callbackAuthDetails', 'password']). For use in a superRefine of the
 * object that holds both the type and the details.
 */
export function addAuthDetailsIssues(
  type: SubscriptionAuthType,
  details: unknown,
  ctx: z.RefinementCtx,
  path: PropertyKey[],
) {
  if (type === 'NONE') return;
  const result = AUTH_DETAILS_SCHEMAS[type].safeParse(details ?? {});
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path] });
  }
}

/** The fields `type` uses, trimmed; null for NONE (details are dropped). Call after validation. */
export function normalizeAuthDetails(type: SubscriptionAuthType, details: unknown): TAuthDetails | null {
  if (type === 'NONE') return null;
  const result = AUTH_DETAILS_SCHEMAS[type].safeParse(details ?? {});
  return result.success ? withoutEmpty(result.data) : null;
}

/** Optional fields left empty are not stored. */
const withoutEmpty = (details: Record<string, string | undefined>): TAuthDetails =>
  Object.fromEntries(
    Object.entries(details).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );

/** A copy with the secret fields replaced by MASKED_SECRET. */
export function maskAuthDetails(type: string, details: TAuthDetails | null | undefined): TAuthDetails | null {
  if (!details) return null;
  const secrets = AUTH_SECRET_FIELDS[type as SubscriptionAuthType] ?? Object.keys(details);
  return Object.fromEntries(
    Object.entries(details).map(([field, value]) => [field, secrets.includes(field) ? MASKED_SECRET : value]),
  );
}

/** A copy with the write-only fields (OAuth2's client secret) replaced by MASKED_SECRET, for who may edit. */
export function hideWriteOnlyAuthFields(details: TAuthDetails | null | undefined): TAuthDetails | null {
  if (!details) return null;
  return Object.fromEntries(
    Object.entries(details).map(([field, value]) => [
      field,
      WRITE_ONLY_AUTH_FIELDS.includes(field) ? MASKED_SECRET : value,
    ]),
  );
}

/**
 * Details sent back with MASKED_SECRET in a write-only field keep the stored value, so a form that
 * never saw the secret can save its other fields.
 */
export function keepWriteOnlyAuthFields(
  details: Record<string, unknown> | null | undefined,
  stored: TAuthDetails | null | undefined,
): Record<string, unknown> | null | undefined {
  if (!details || !stored) return details;
  const kept = { ...details };
  for (const field of WRITE_ONLY_AUTH_FIELDS) {
    if (kept[field] === MASKED_SECRET && stored[field] !== undefined) kept[field] = stored[field];
  }
  return kept;
}

/** The detail keys each auth type needs; NONE needs none. */
export const AUTH_DETAIL_FIELDS = {
  NONE: [],
  BASIC: ['username', 'password'],
  BEARER: ['token'],
  API_KEY: ['key', 'value'],
  OAUTH2_CLIENT_CREDENTIALS: ['tokenUrl', 'clientId', 'clientSecret', 'scope', 'audience', 'authMethod'],
} as const satisfies Record<SubscriptionAuthType, readonly string[]>;

export type AuthDetailField = (typeof AUTH_DETAIL_FIELDS)[SubscriptionAuthType][number];

export const AUTH_DETAIL_MESSAGES: Record<AuthDetailField, string> = {
  username: 'Usuário é obrigatório',
  password: 'Senha é obrigatória',
  token: 'Token é obrigatório',
  key: 'Chave é obrigatória',
  value: 'Valor é obrigatório',
  tokenUrl: 'URL do token é obrigatória',
  clientId: 'Client ID é obrigatório',
  clientSecret: 'Client secret é obrigatório',
  scope: '',
  audience: '',
  authMethod: 'Método de autenticação do token inválido',
};

/** Detail keys whose values are secrets (masked for readers, never logged). */
export const SECRET_AUTH_DETAIL_FIELDS: readonly AuthDetailField[] = [
  'password',
  'token',
  'value',
  'clientSecret',
];

export const ZAuthDetails = z.record(z.string(), z.string({ error: 'Detalhes de autenticação inválidos' }), {
  error: 'Detalhes de autenticação inválidos',
});

/** superRefine helper for subscription and event forms: same rules as addAuthDetailsIssues. */
export function checkAuthDetails(
  type: SubscriptionAuthType,
  details: Record<string, unknown> | null | undefined,
  ctx: z.RefinementCtx,
  pathPrefix: PropertyKey[] = ['authDetails'],
) {
  addAuthDetailsIssues(type, details, ctx, pathPrefix);
}

/** Only the keys `type` uses (null for NONE), so stale keys of another type are never stored. */
export function pickAuthDetails(
  type: SubscriptionAuthType,
  details: Record<string, unknown> | null | undefined,
): Record<string, string> | null {
  const fields = AUTH_DETAIL_FIELDS[type];
  if (fields.length === 0) return null;
  // Optional fields and defaults (OAuth2's scope, audience, authMethod) come from the schema.
  if (type === 'OAUTH2_CLIENT_CREDENTIALS') {
    const parsed = ZOAuth2AuthDetails.safeParse(details ?? {});
    if (parsed.success) return withoutEmpty(parsed.data);
  }
  const picked: Record<string, string> = {};
  for (const field of fields) {
    const value = details?.[field];
    picked[field] = typeof value === 'string' ? value.trim() : '';
  }
  return picked;
}
