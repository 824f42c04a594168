import { z } from 'zod';
import { checkAuthDetails, pickAuthDetails, ZAuthDetails } from './auth-details';
import { paginated, ZHttpUrl, ZListQuery } from './common';
import { AUTH_TYPES, ENTITY_STATUSES, QUEUE_TYPES, VISIBILITIES } from './enums';
import {
  checkSchemaRules,
  ZEventExamples,
  ZEventExamplesText,
  ZEventJsonSchema,
  ZEventSchemaFields,
  ZEventSchemaText,
  ZSchemaValidationMode,
} from './event-schema';
import { addIssue, isPlainObject, jsonObjectField, parseJsonField } from './json-field';

export const EVENT_ALIAS_PATTERN = /^[a-z0-9._-]+$/;
export const BODY_TEMPLATE_MESSAGE = 'O template do body deve ser um JSON válido.';
export const UNSUPPORTED_QUEUE_MESSAGE = 'Tipo de fila não suportado. Use IMMEDIATE, RABBITMQ ou FIFO.';
/**
 * Why STANDARD stays off: IMMEDIATE already delivers unordered without pacing, and RABBITMQ queues
 * with pacing; a third unordered queue would add nothing a user could tell apart.
 */
export const STANDARD_QUEUE_REASON =
  'STANDARD não está disponível: entregas sem ordem já são o IMMEDIATE, e entregas em fila com ritmo são o RABBITMQ.';
export const DEFAULT_BODY_TEMPLATE = '{"body": "{{payload.body}}"}';

/**
 * A queued event's settings when it sets none: the console's new-event values, the fallbacks it
 * shows, and the defaults the server applies (the one place these numbers are written).
 */
export const EVENT_QUEUE_DEFAULTS = {
  delayBetweenSends: 1000,
  messageTtl: 3_600_000,
  maxRetries: 3,
  priority: 5,
} as const;

export const ZEventName = z
  .string({ error: 'Nome deve ter pelo menos 1 caractere' })
  .trim()
  .min(1, { error: 'Nome deve ter pelo menos 1 caractere' })
  .max(255, { error: 'Nome deve ter no máximo 255 caracteres' });

export const ZEventAlias = z
  .string({ error: 'Alias é obrigatório' })
  .trim()
  .min(1, { error: 'Alias é obrigatório' })
  .max(100, { error: 'Alias deve ter no máximo 100 caracteres' })
  .regex(EVENT_ALIAS_PATTERN, {
    error: 'Alias deve conter apenas letras minúsculas, números, pontos, hífens e underscores',
  });

export const ZApplicationRef = z
  .string({ error: 'Aplicação é obrigatória' })
  .trim()
  .min(1, { error: 'Aplicação é obrigatória' })
  .pipe(z.uuid({ error: 'Aplicação inválida' }));

const int = (label: string) =>
  z.number({ error: `${label} deve ser um número` }).int(`${label} deve ser um número inteiro`);

export const ZDelayBetweenSends = int('Intervalo entre envios')
  .min(100, { error: 'Mínimo 100ms' })
  .max(60_000, { error: 'Máximo 60 segundos' });
export const ZMessageTtl = int('TTL da mensagem')
  .min(60_000, { error: 'Mínimo 1 minuto' })
  .max(86_400_000, { error: 'Máximo 24 horas' });
export const ZMaxRetries = int('Máximo de tentativas')
  .min(0, { error: 'Mínimo 0' })
  .max(10, { error: 'Máximo 10' });
export const ZPriority = int('Prioridade').min(1, { error: 'Mínimo 1' }).max(10, { error: 'Máximo 10' });

const QUEUE_SETTING_REQUIRED = {
  delayBetweenSends: 'Intervalo entre envios é obrigatório',
  messageTtl: 'TTL da mensagem é obrigatório',
  maxRetries: 'Máximo de tentativas é obrigatório',
  priority: 'Prioridade é obrigatória',
} as const;

/** `''`, null or absent → null; otherwise an http(s) URL. */
const ZOptionalUrl = z
  .union([z.literal(''), ZHttpUrl])
  .nullable()
  .optional()
  .transform((value) => value || null);

/** A JSON object given as an object or as JSON text; '' or null → null. */
export const ZBodyTemplate = jsonObjectField(BODY_TEMPLATE_MESSAGE);

const eventFields = {
  name: ZEventName,
  alias: ZEventAlias,
  visibility: z.enum(VISIBILITIES, { error: 'Visibilidade inválida' }),
  status: z.enum(ENTITY_STATUSES, { error: 'Status inválido' }),
  queueType: z.enum(QUEUE_TYPES, { error: 'Tipo de fila inválido' }),
  enableCallbacks: z.boolean({ error: 'Callbacks habilitados deve ser verdadeiro ou falso' }),
  callbackUrl: ZOptionalUrl,
  callbackAuthType: z.enum(AUTH_TYPES, { error: 'Tipo de autenticação inválido' }),
  callbackAuthDetails: ZAuthDetails.nullable().optional(),
  bodyTemplate: ZBodyTemplate,
  delayBetweenSends: ZDelayBetweenSends.nullable().optional(),
  messageTtl: ZMessageTtl.nullable().optional(),
  maxRetries: ZMaxRetries.nullable().optional(),
  priority: ZPriority.nullable().optional(),
  schema: ZEventJsonSchema,
  examples: ZEventExamples,
  schemaValidation: ZSchemaValidationMode,
};

type EventRuleInput = {
  queueType: (typeof QUEUE_TYPES)[number];
  enableCallbacks: boolean;
  callbackUrl: string | null;
  callbackAuthType: (typeof AUTH_TYPES)[number];
  callbackAuthDetails?: Record<string, unknown> | null;
  delayBetweenSends?: number | null;
  messageTtl?: number | null;
  maxRetries?: number | null;
  priority?: number | null;
};

/** Rules across fields: callbacks need a URL and auth details; RABBITMQ needs every queue setting. */
export function checkEventRules(event: EventRuleInput, ctx: z.RefinementCtx) {
  if (event.queueType === 'STANDARD') addIssue(ctx, UNSUPPORTED_QUEUE_MESSAGE, ['queueType']);
  if (event.enableCallbacks && !event.callbackUrl) addIssue(ctx, 'URL é obrigatória', ['callbackUrl']);
  checkAuthDetails(event.callbackAuthType, event.callbackAuthDetails, ctx, ['callbackAuthDetails']);
  if (event.queueType === 'RABBITMQ') {
    for (const [field, message] of Object.entries(QUEUE_SETTING_REQUIRED)) {
      if (event[field as keyof typeof QUEUE_SETTING_REQUIRED] == null) addIssue(ctx, message, [field]);
    }
  }
}

/** Body of POST /events (and the merged result of a PUT). */
export const ZCreateEventRequest = z
  .object({
    applicationId: ZApplicationRef,
    ...eventFields,
    visibility: eventFields.visibility.default('PUBLIC'),
    status: eventFields.status.default('ACTIVE'),
    queueType: eventFields.queueType.default('IMMEDIATE'),
    enableCallbacks: eventFields.enableCallbacks.default(false),
    callbackAuthType: eventFields.callbackAuthType.default('NONE'),
    schemaValidation: eventFields.schemaValidation.default('OFF'),
  })
  .superRefine(checkEventRules)
  .superRefine(checkSchemaRules)
  .transform((event) => ({
    ...event,
    callbackAuthDetails: pickAuthDetails(event.callbackAuthType, event.callbackAuthDetails),
  }));
export type TCreateEventRequest = z.input<typeof ZCreateEventRequest>;
export type TEventInput = z.output<typeof ZCreateEventRequest>;

/**
 * Body of PUT /events/{id}: absent fields keep their value, null clears.
 * Turning callbacks off (or changing the auth type) without the dependent
 * fields clears them, as the console's form does.
 */
export const ZUpdateEventRequest = z.object({
  applicationId: ZApplicationRef.optional(),
  name: ZEventName.optional(),
  alias: ZEventAlias.optional(),
  visibility: eventFields.visibility.optional(),
  status: eventFields.status.optional(),
  queueType: eventFields.queueType.optional(),
  enableCallbacks: eventFields.enableCallbacks.optional(),
  callbackUrl: z
    .union([z.literal(''), ZHttpUrl])
    .nullable()
    .optional(),
  callbackAuthType: eventFields.callbackAuthType.optional(),
  callbackAuthDetails: ZAuthDetails.nullable().optional(),
  bodyTemplate: z.unknown().optional(),
  delayBetweenSends: eventFields.delayBetweenSends,
  messageTtl: eventFields.messageTtl,
  maxRetries: eventFields.maxRetries,
  priority: eventFields.priority,
  /** Checked whole with the merged event: null or '' clears. */
  schema: z.unknown().optional(),
  examples: z.unknown().optional(),
  schemaValidation: eventFields.schemaValidation.optional(),
});
export type TUpdateEventRequest = z.input<typeof ZUpdateEventRequest>;

export const ZEventListQuery = ZListQuery.extend({
  applicationId: z.uuid({ error: 'Aplicação inválida' }).optional(),
  eventId: z.uuid({ error: 'Evento inválido' }).optional(),
  status: z.enum(ENTITY_STATUSES, { error: 'Status inválido' }).optional(),
  visibility: z.enum(VISIBILITIES, { error: 'Visibilidade inválida' }).optional(),
  /** `discover`: also every PUBLIC event of a PUBLIC application (the subscription form's picker). */
  scope: z.enum(['mine', 'discover'], { error: 'Escopo inválido' }).optional(),
});
export type TEventListQuery = z.infer<typeof ZEventListQuery>;

export const ZEventPermissions = z.object({ canWrite: z.boolean(), canDelete: z.boolean() });
export type TEventPermissions = z.infer<typeof ZEventPermissions>;

/** An event's queue settings as the API answers them: spread into every event shape. */
export const ZQueueSettings = {
  delayBetweenSends: z.number().int().nullable(),
  messageTtl: z.number().int().nullable(),
  maxRetries: z.number().int().nullable(),
  priority: z.number().int().nullable(),
};

export const ZEvent = z
  .object({
    id: z.string(),
    applicationId: z.string(),
    name: z.string(),
    alias: z.string(),
    status: z.enum(ENTITY_STATUSES),
    visibility: z.enum(VISIBILITIES),
    queueType: z.enum(QUEUE_TYPES),
    enableCallbacks: z.boolean(),
    callbackUrl: z.string().nullable(),
    callbackAuthType: z.enum(AUTH_TYPES),
    /** Secret values are masked for callers who may not edit the event. */
    callbackAuthDetails: z.record(z.string(), z.string()).nullable(),
    bodyTemplate: z.record(z.string(), z.unknown()).nullable(),
    ...ZQueueSettings,
    ...ZEventSchemaFields,
    createdAt: z.string(),
    updatedAt: z.string(),
    application: z.object({ id: z.string(), name: z.string() }),
    _count: z.object({ subscriptions: z.number().int() }),
    permissions: ZEventPermissions,
  })
  .meta({ id: 'Event' });
export type TEvent = z.infer<typeof ZEvent>;

export const ZEventStatistics = z.object({
  totalSubscriptions: z.number().int(),
  activeSubscriptions: z.number().int(),
  totalDeliveries: z.number().int(),
  successfulDeliveries: z.number().int(),
  failedDeliveries: z.number().int(),
  /** Failed at least once and waiting for an automatic retry. */
  retryingDeliveries: z.number().int(),
  /** Not sent yet (held while the event is PAUSED). */
  pendingDeliveries: z.number().int(),
  /** Skipped by the subscription's filters or status. */
  ignoredDeliveries: z.number().int(),
});
export type TEventStatistics = z.infer<typeof ZEventStatistics>;

export const ZEventSubscriptionSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  targetUrl: z.string(),
  httpMethod: z.string(),
  authType: z.string(),
  /** Only for those who may edit the subscription; null otherwise. */
  authDetails: z.record(z.string(), z.string()).nullable(),
  filters: z.array(
    z.object({ origin: z.string(), field: z.string(), operator: z.string(), value: z.string() }),
  ),
  jsonBody: z.unknown(),
  attempts: z.number().int(),
  createdAt: z.string(),
});
export type TEventSubscriptionSummary = z.infer<typeof ZEventSubscriptionSummary>;

export const ZEventDetail = ZEvent.extend({
  subscriptions: z.array(ZEventSubscriptionSummary),
  statistics: ZEventStatistics,
}).meta({ id: 'EventDetail' });
export type TEventDetail = z.infer<typeof ZEventDetail>;

export const ZEventListResponse = paginated(ZEvent)
  .extend({
    stats: z.object({
      total: z.number().int(),
      active: z.number().int(),
      public: z.number().int(),
      private: z.number().int(),
    }),
  })
  .meta({ id: 'EventList' });
export type TEventListResponse = z.infer<typeof ZEventListResponse>;

/* ---------- console form ---------- */

/**
 * A queue setting as the form holds it (an empty input is NaN or null). Its range is checked in the
 * form's refinement, and only for RABBITMQ: the inputs are hidden for other queue types, and a
 * value left there out of range must not block a submit without a word.
 */
const ZFormQueueNumber = z
  .union([z.number(), z.nan(), z.null(), z.undefined()])
  .transform((value) => (value === null || value === undefined || Number.isNaN(value) ? null : value));

const QUEUE_SETTING_SCHEMAS = {
  delayBetweenSends: ZDelayBetweenSends,
  messageTtl: ZMessageTtl,
  maxRetries: ZMaxRetries,
  priority: ZPriority,
} as const;

/** The event form of the console: text fields as typed, body template as JSON text. Same messages. */
export const ZEventForm = z
  .object({
    applicationId: ZApplicationRef,
    name: ZEventName,
    alias: ZEventAlias,
    visibility: eventFields.visibility,
    queueType: eventFields.queueType,
    enableCallbacks: z.boolean(),
    callbackUrl: z.union([z.literal(''), ZHttpUrl]).transform((value) => value || null),
    callbackAuthType: eventFields.callbackAuthType,
    callbackAuthDetails: z.record(z.string(), z.string().optional()).optional(),
    bodyTemplate: z.string().superRefine((value, ctx) => {
      if (value.trim() === '') return;
      const parsed = parseJsonField(value);
      if (!parsed.ok || !isPlainObject(parsed.value)) addIssue(ctx, BODY_TEMPLATE_MESSAGE);
    }),
    delayBetweenSends: ZFormQueueNumber,
    messageTtl: ZFormQueueNumber,
    maxRetries: ZFormQueueNumber,
    priority: ZFormQueueNumber,
    schema: ZEventSchemaText.default(''),
    examples: ZEventExamplesText.default(''),
    schemaValidation: ZSchemaValidationMode.default('OFF'),
  })
  .superRefine((form, ctx) => {
    if (form.schemaValidation !== 'OFF' && form.schema.trim() === '') {
      checkSchemaRules({ schema: null, schemaValidation: form.schemaValidation }, ctx);
    }
    if (form.queueType === 'STANDARD') addIssue(ctx, UNSUPPORTED_QUEUE_MESSAGE, ['queueType']);
    if (form.enableCallbacks) {
      if (!form.callbackUrl) addIssue(ctx, 'URL é obrigatória', ['callbackUrl']);
      checkAuthDetails(form.callbackAuthType, form.callbackAuthDetails, ctx, ['callbackAuthDetails']);
    }
    if (form.queueType === 'RABBITMQ') {
      for (const [field, message] of Object.entries(QUEUE_SETTING_REQUIRED)) {
        const key = field as keyof typeof QUEUE_SETTING_REQUIRED;
        const value = form[key];
        if (value == null) {
          addIssue(ctx, message, [field]);
          continue;
        }
        const checked = QUEUE_SETTING_SCHEMAS[key].safeParse(value);
        if (!checked.success) addIssue(ctx, checked.error.issues[0]?.message ?? message, [field]);
      }
    }
  });
export type TEventFormValues = z.input<typeof ZEventForm>;
export type TEventForm = z.output<typeof ZEventForm>;

/** The create/update request body from a validated form: empties omitted, queue settings only for RABBITMQ. */
export function eventFormToRequest(form: TEventForm): TCreateEventRequest {
  const isQueued = form.queueType === 'RABBITMQ';
  const hasAuth = form.enableCallbacks && form.callbackAuthType !== 'NONE';
  return {
    applicationId: form.applicationId,
    name: form.name,
    alias: form.alias,
    visibility: form.visibility,
    queueType: form.queueType,
    enableCallbacks: form.enableCallbacks,
    ...(form.bodyTemplate.trim() ? { bodyTemplate: JSON.parse(form.bodyTemplate) } : {}),
    // Sent even when blank, so clearing the editor clears the schema on an update.
    schema: form.schema.trim() ? JSON.parse(form.schema) : null,
    examples: form.examples.trim() ? JSON.parse(form.examples) : [],
    schemaValidation: form.schemaValidation,
    ...(form.enableCallbacks && form.callbackUrl ? { callbackUrl: form.callbackUrl } : {}),
    callbackAuthType: form.enableCallbacks ? form.callbackAuthType : 'NONE',
    ...(hasAuth
      ? { callbackAuthDetails: pickAuthDetails(form.callbackAuthType, form.callbackAuthDetails) ?? undefined }
      : {}),
    ...(isQueued
      ? {
          delayBetweenSends: form.delayBetweenSends,
          messageTtl: form.messageTtl,
          maxRetries: form.maxRetries,
          priority: form.priority,
        }
      : {}),
  };
}
