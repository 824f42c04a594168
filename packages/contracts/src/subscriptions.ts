import { z } from 'zod';
import { checkAuthDetails, pickAuthDetails, ZAuthDetails } from './auth-details';
import { ZClientTlsInput, ZClientTlsView } from './client-tls';
import { paginated, ZListQuery } from './common';
import {
  CIRCUIT_STATES,
  ENTITY_STATUSES,
  FIFO_ON_FAILURE,
  FILTER_OPERATORS,
  FILTER_ORIGINS,
  type FilterOperator,
  type FilterOrigin,
  HTTP_METHODS,
  NUMERIC_FILTER_OPERATORS,
  SUBSCRIPTION_AUTH_TYPES,
  SUBSCRIPTION_DISABLED_REASONS,
} from './enums';
import { addIssue, isBlank, isPlainObject, parseJsonField } from './json-field';

export const JSON_BODY_REQUIRED = 'JSON Body é obrigatório';
export const JSON_BODY_INVALID = 'JSON Body deve ser um JSON válido';
export const JSON_BODY_INVALID_ON_EDIT = 'O JSON Body deve ser um JSON válido.';
export const MAX_FILTERS = 50;

/** Bounds of a subscription's delivery limits. */
export const MAX_RATE_LIMIT_PER_SECOND = 10_000;
export const MAX_IN_FLIGHT = 1_000;

/** An optional whole number between 1 and `max`, with the field's label in each pt-BR message; null clears. */
const optionalLimit = (label: string, max: number) =>
  z
    .number({ error: `${label} deve ser um número` })
    .int({ error: `${label} deve ser um número inteiro` })
    .min(1, { error: `${label} deve ser no mínimo 1` })
    .max(max, { error: `${label} deve ser no máximo ${max.toLocaleString('pt-BR')}` })
    .nullable()
    .optional();

export const RATE_LIMIT_LABEL = 'Limite de envios por segundo';
export const MAX_IN_FLIGHT_LABEL = 'Máximo de envios simultâneos';
export const ZRateLimitPerSecond = optionalLimit(RATE_LIMIT_LABEL, MAX_RATE_LIMIT_PER_SECOND);
export const ZMaxInFlight = optionalLimit(MAX_IN_FLIGHT_LABEL, MAX_IN_FLIGHT);

/** Placeholders offered in a new subscription's JSON body. */
export const SUBSCRIPTION_BODY_PLACEHOLDERS = ['#eventId#', '#eventName#', '#timestamp#', '#data#'] as const;

export const ZSubscriptionName = z
  .string({ error: 'Nome é obrigatório' })
  .trim()
  .min(1, { error: 'Nome é obrigatório' })
  .max(255, { error: 'Nome deve ter no máximo 255 caracteres' });

export const ZTargetUrl = z
  .string({ error: 'URL é obrigatória' })
  .trim()
  .min(1, { error: 'URL é obrigatória' })
  .max(2048, { error: 'URL muito longa' })
  .regex(/^https?:\/\//i, { error: 'URL deve começar com http:// ou https://' })
  .refine((value) => URL.canParse(value), { error: 'URL inválida' });

export const ZEventRef = z
  .string({ error: 'Evento é obrigatório' })
  .trim()
  .min(1, { error: 'Evento é obrigatório' })
  .pipe(z.uuid({ error: 'Evento inválido' }));

export type TFilter = { origin: FilterOrigin; field: string; operator: FilterOperator; value: string };

/** Decimal text only (no hex, no Infinity), as @wm/rules compares numbers. */
const isNumeric = (value: string) => /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value);

/** Per-filter checks with the console's 'Filtro n: …' messages (n from 1). */
export function checkFilter(filter: unknown, index: number, ctx: z.RefinementCtx, pathPrefix: PropertyKey[]) {
  const label = `Filtro ${index + 1}`;
  const path = [...pathPrefix, index];
  if (!isPlainObject(filter)) {
    addIssue(ctx, `${label}: Filtro inválido`, path);
    return;
  }
  const text = (value: unknown) =>
    typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : typeof value === 'string'
        ? value
        : '';
  if (text(filter.field).trim() === '') addIssue(ctx, `${label}: Campo é obrigatório`, [...path, 'field']);
  const value = text(filter.value);
  if (value.trim() === '') addIssue(ctx, `${label}: Valor é obrigatório`, [...path, 'value']);
  if (isBlank(filter.operator)) addIssue(ctx, `${label}: Operador é obrigatório`, [...path, 'operator']);
  else if (!FILTER_OPERATORS.includes(filter.operator as FilterOperator))
    addIssue(ctx, `${label}: Operador inválido`, [...path, 'operator']);
  else if (
    NUMERIC_FILTER_OPERATORS.includes(filter.operator as FilterOperator) &&
    value.trim() !== '' &&
    !isNumeric(value)
  )
    addIssue(ctx, `${label}: Valor deve ser numérico para este operador`, [...path, 'value']);
  if (isBlank(filter.origin)) addIssue(ctx, `${label}: Origem é obrigatória`, [...path, 'origin']);
  else if (!FILTER_ORIGINS.includes(filter.origin as FilterOrigin))
    addIssue(ctx, `${label}: Origem inválida`, [...path, 'origin']);
}

const toFilter = (filter: Record<string, unknown>): TFilter => ({
  origin: filter.origin as FilterOrigin,
  field: String(filter.field).trim(),
  operator: filter.operator as FilterOperator,
  value: String(filter.value),
});

export const ZFilters = z
  .array(z.unknown(), { error: 'Filtros devem ser uma lista' })
  .max(MAX_FILTERS, { error: `Máximo de ${MAX_FILTERS} filtros` })
  .superRefine((filters, ctx) => {
    filters.forEach((filter, index) => {
      checkFilter(filter, index, ctx, []);
    });
  })
  .transform((filters) => filters.map((filter) => toFilter(filter as Record<string, unknown>)));

/** JSON body as JSON text or as a value; stored parsed. */
const jsonBody = (isRequired: boolean, invalidMessage: string) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): unknown => {
      if (isBlank(value)) {
        if (isRequired) {
          addIssue(ctx, JSON_BODY_REQUIRED);
          return z.NEVER;
        }
        return null;
      }
      const parsed = parseJsonField(value);
      if (!parsed.ok) {
        addIssue(ctx, invalidMessage);
        return z.NEVER;
      }
      return parsed.value;
    });

const subscriptionFields = {
  name: ZSubscriptionName,
  targetUrl: ZTargetUrl,
  status: z.enum(ENTITY_STATUSES, { error: 'Status inválido' }),
  httpMethod: z.enum(HTTP_METHODS, { error: 'Método HTTP inválido' }),
  authType: z.enum(SUBSCRIPTION_AUTH_TYPES, { error: 'Tipo de autenticação inválido' }),
  authDetails: ZAuthDetails.nullable().optional(),
  /** Mutual TLS: a client certificate for the endpoint; null removes it. */
  clientTls: ZClientTlsInput.nullable().optional(),
  /** Deliveries per second across every worker; null: no limit. Above it deliveries wait. */
  rateLimitPerSecond: ZRateLimitPerSecond,
  /** Sends at once per worker process; null: the default share of the pool. */
  maxInFlight: ZMaxInFlight,
  /** Of a FIFO event's keys, when a delivery FAILED for good: CONTINUE with the next, or HOLD the key. */
  fifoOnFailure: z.enum(FIFO_ON_FAILURE, {
    error: 'Comportamento em falha FIFO inválido (CONTINUE ou HOLD)',
  }),
};

/** Body of POST /subscriptions. */
export const ZCreateSubscriptionRequest = z
  .object({
    eventId: ZEventRef,
    ...subscriptionFields,
    status: subscriptionFields.status.default('ACTIVE'),
    httpMethod: subscriptionFields.httpMethod.default('POST'),
    authType: subscriptionFields.authType.default('NONE'),
    fifoOnFailure: subscriptionFields.fifoOnFailure.default('CONTINUE'),
    jsonBody: jsonBody(true, JSON_BODY_INVALID),
    filters: ZFilters.nullable()
      .optional()
      .transform((filters) => filters ?? []),
  })
  .superRefine((subscription, ctx) => checkAuthDetails(subscription.authType, subscription.authDetails, ctx))
  .transform((subscription) => ({
    ...subscription,
    authDetails: pickAuthDetails(subscription.authType, subscription.authDetails),
  }));
export type TCreateSubscriptionRequest = z.input<typeof ZCreateSubscriptionRequest>;
export type TSubscriptionInput = z.output<typeof ZCreateSubscriptionRequest>;

/**
 * Body of PUT /subscriptions/{id}: absent fields keep their value; null (or
 * '' for the JSON body) clears. Changing the auth type without details clears them.
 */
export const ZUpdateSubscriptionRequest = z
  .object({
    eventId: ZEventRef.optional(),
    name: subscriptionFields.name.optional(),
    targetUrl: subscriptionFields.targetUrl.optional(),
    status: subscriptionFields.status.optional(),
    httpMethod: subscriptionFields.httpMethod.optional(),
    authType: subscriptionFields.authType.optional(),
    authDetails: subscriptionFields.authDetails,
    clientTls: subscriptionFields.clientTls,
    rateLimitPerSecond: subscriptionFields.rateLimitPerSecond,
    maxInFlight: subscriptionFields.maxInFlight,
    fifoOnFailure: subscriptionFields.fifoOnFailure.optional(),
    jsonBody: jsonBody(false, JSON_BODY_INVALID_ON_EDIT),
    filters: ZFilters.nullable().optional(),
  })
  .superRefine((subscription, ctx) => {
    if (subscription.authType) checkAuthDetails(subscription.authType, subscription.authDetails, ctx);
  });
export type TUpdateSubscriptionRequest = z.input<typeof ZUpdateSubscriptionRequest>;

export const ZSubscriptionListQuery = ZListQuery.extend({
  eventId: z.uuid({ error: 'Evento inválido' }).optional(),
  applicationId: z.uuid({ error: 'Aplicação inválida' }).optional(),
  status: z.enum(ENTITY_STATUSES, { error: 'Status inválido' }).optional(),
  /** Only this consumer's subscriptions (the application's own id for its customer). */
  consumerId: z
    .string()
    .max(255, { error: 'Consumidor inválido' })
    .regex(/^[A-Za-z0-9._:-]+$/, { error: 'Consumidor inválido' })
    .optional(),
});
export type TSubscriptionListQuery = z.infer<typeof ZSubscriptionListQuery>;

export const ZSubscription = z
  .object({
    id: z.string(),
    eventId: z.string(),
    name: z.string(),
    status: z.enum(ENTITY_STATUSES),
    targetUrl: z.string(),
    httpMethod: z.enum(HTTP_METHODS),
    authType: z.enum(SUBSCRIPTION_AUTH_TYPES),
    /** Only for callers who may edit the subscription; null otherwise. */
    authDetails: z.record(z.string(), z.string()).nullable(),
    /** Standard Webhooks signing secret; only for callers who may edit the subscription. */
    secret: z.string().nullable(),
    /** Mutual TLS: the client certificate's subject and expiry (never its key); null: none. */
    clientTls: ZClientTlsView.nullable(),
    jsonBody: z.unknown(),
    filters: z.array(
      z.object({
        origin: z.enum(FILTER_ORIGINS),
        field: z.string(),
        operator: z.enum(FILTER_OPERATORS),
        value: z.string(),
      }),
    ),
    attempts: z.number().int(),
    /** Set while the delivery engine has the subscription FAILED: why, and since when. */
    disabledReason: z.enum(SUBSCRIPTION_DISABLED_REASONS).nullable(),
    disabledAt: z.string().nullable(),
    rateLimitPerSecond: z.number().int().nullable(),
    maxInFlight: z.number().int().nullable(),
    fifoOnFailure: z.enum(FIFO_ON_FAILURE),
    /** The circuit breaker: OPEN defers deliveries until openUntil; HALF_OPEN is probing. */
    circuit: z.object({ state: z.enum(CIRCUIT_STATES), openUntil: z.string().nullable() }),
    _count: z.object({ attempts: z.number().int() }),
    event: z.object({ id: z.string(), name: z.string(), alias: z.string(), applicationId: z.string() }),
    /** The application's customer who owns it (managed in the portal); null for a console user's. */
    consumerId: z.string().nullable(),
    permissions: z.object({ canWrite: z.boolean(), canDelete: z.boolean() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Subscription' });
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZSubscriptionListResponse = paginated(ZSubscription)
  .extend({
    stats: z.object({
      total: z.number().int(),
      active: z.number().int(),
      inactive: z.number().int(),
      attempts: z.number().int(),
    }),
  })
  .meta({ id: 'SubscriptionList' });
export type TSubscriptionListResponse = z.infer<typeof ZSubscriptionListResponse>;

/* ---------- console form ---------- */

export const ZFilterForm = z.object({
  origin: z.string(),
  field: z.string(),
  operator: z.string(),
  value: z.string(),
});
export type TFilterForm = z.infer<typeof ZFilterForm>;

const subscriptionForm = (isCreate: boolean) =>
  z
    .object({
      eventId: ZEventRef,
      name: ZSubscriptionName,
      targetUrl: ZTargetUrl,
      /** Shown on edit only; a new subscription starts ACTIVE. */
      status: subscriptionFields.status.optional(),
      httpMethod: subscriptionFields.httpMethod,
      authType: subscriptionFields.authType,
      authDetails: z.record(z.string(), z.string().optional()).optional(),
      jsonBody: z.string(),
      filters: z.array(ZFilterForm),
      /** Text inputs: empty means none. */
      rateLimitPerSecond: z.string(),
      maxInFlight: z.string(),
      /** A client certificate to save; empty keeps the saved one (the key is never shown back). */
      clientTls: ZClientTlsForm.optional(),
      fifoOnFailure: subscriptionFields.fifoOnFailure,
    })
    .superRefine((form, ctx) => {
      checkAuthDetails(form.authType, form.authDetails, ctx);
      checkClientTlsForm(form.clientTls, ctx);
      checkLimitText(ZRateLimitPerSecond, form.rateLimitPerSecond, ctx, 'rateLimitPerSecond');
      checkLimitText(ZMaxInFlight, form.maxInFlight, ctx, 'maxInFlight');
      if (form.jsonBody.trim() === '') {
        if (isCreate) addIssue(ctx, JSON_BODY_REQUIRED, ['jsonBody']);
      } else if (!parseJsonField(form.jsonBody).ok) {
        addIssue(ctx, isCreate ? JSON_BODY_INVALID : JSON_BODY_INVALID_ON_EDIT, ['jsonBody']);
      }
      form.filters.forEach((filter, index) => {
        checkFilter(filter, index, ctx, ['filters']);
      });
    });

const ZClientTlsForm = z.object({
  certificate: z.string().optional(),
  privateKey: z.string().optional(),
  passphrase: z.string().optional(),
  caBundle: z.string().optional(),
});
type TClientTlsForm = z.infer<typeof ZClientTlsForm>;

const isClientTlsFilled = (form: TClientTlsForm | undefined): form is TClientTlsForm =>
  Boolean(form?.certificate?.trim() || form?.privateKey?.trim() || form?.caBundle?.trim());

/** The API's own checks of a certificate typed in the form (its parsing and expiry are checked on save). */
function checkClientTlsForm(form: TClientTlsForm | undefined, ctx: z.RefinementCtx) {
  if (!isClientTlsFilled(form)) return;
  const parsed = ZClientTlsInput.safeParse(clientTlsFromForm(form));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) addIssue(ctx, issue.message, ['clientTls', ...issue.path]);
}

const clientTlsFromForm = (form: TClientTlsForm) => ({
  certificate: form.certificate ?? '',
  privateKey: form.privateKey ?? '',
  ...(form.passphrase ? { passphrase: form.passphrase } : {}),
  ...(form.caBundle?.trim() ? { caBundle: form.caBundle } : {}),
});

/** A limit typed in the form: empty is none, else the API's own check of the number. */
const limitFromText = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

function checkLimitText(
  schema: typeof ZRateLimitPerSecond,
  text: string,
  ctx: z.RefinementCtx,
  field: string,
) {
  const parsed = schema.safeParse(limitFromText(text));
  if (!parsed.success) addIssue(ctx, parsed.error.issues[0]?.message ?? 'Valor inválido', [field]);
}

/** Console create form (JSON body as text). */
export const ZCreateSubscriptionForm = subscriptionForm(true);
/** Console edit form: JSON body optional, its own invalid-JSON message. */
export const ZUpdateSubscriptionForm = subscriptionForm(false);
export type TSubscriptionForm = z.infer<typeof ZCreateSubscriptionForm>;

/** The create/update request body from a validated form: details only when not NONE, empties omitted. */
export function subscriptionFormToRequest(form: TSubscriptionForm): TCreateSubscriptionRequest {
  return {
    eventId: form.eventId,
    name: form.name,
    targetUrl: form.targetUrl,
    httpMethod: form.httpMethod,
    authType: form.authType,
    ...(form.authType !== 'NONE'
      ? { authDetails: pickAuthDetails(form.authType, form.authDetails) ?? {} }
      : {}),
    ...(form.jsonBody.trim() ? { jsonBody: JSON.parse(form.jsonBody) } : {}),
    ...(form.filters.length > 0 ? { filters: form.filters } : {}),
    rateLimitPerSecond: limitFromText(form.rateLimitPerSecond),
    maxInFlight: limitFromText(form.maxInFlight),
    ...(isClientTlsFilled(form.clientTls) ? { clientTls: clientTlsFromForm(form.clientTls) } : {}),
    fifoOnFailure: form.fifoOnFailure,
  };
}

/** Auth type and details of a subscription after a PUT merge, checked together. */
export const ZSubscriptionAuth = z
  .object({ authType: subscriptionFields.authType, authDetails: ZAuthDetails.nullable().optional() })
  .superRefine((auth, ctx) => checkAuthDetails(auth.authType, auth.authDetails, ctx))
  .transform((auth) => ({
    authType: auth.authType,
    authDetails: pickAuthDetails(auth.authType, auth.authDetails),
  }));
