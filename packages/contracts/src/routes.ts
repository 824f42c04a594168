import { parsePath } from '@wm/rules';
import { z } from 'zod';
import { listQuery, paginated, ZRowPermissions } from './common';
import {
  checkSchemaRules,
  ZEventExamples,
  ZEventJsonSchema,
  ZEventSchemaFields,
  ZSchemaValidationMode,
} from './event-schema';
import { ZEventTypeFrom, ZRouteVerification, ZVerificationInput } from './ingest';

/** Inbound routes, their event types and fields: the description of the data posted to /emit-rules. */

export const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
export const ROUTE_FIELD_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type RouteFieldType = (typeof ROUTE_FIELD_TYPES)[number];

/** Routes page and rule form page sizes. */
export const ROUTE_LIST_LIMIT = 50;
export const ROUTE_PICKER_LIMIT = 100;

/** Lowercase words joined by dots, as `message.text.received`. */
export const ROUTE_EVENT_TYPE_ALIAS_PATTERN = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

export const ROUTE_NOT_FOUND = 'Rota não encontrada';
export const ROUTE_EVENT_TYPE_NOT_FOUND = 'Tipo de evento não encontrado';
export const ROUTE_FIELD_NOT_FOUND = 'Campo não encontrado';
export const ROUTE_EVENT_TYPE_ALIAS_TAKEN = 'Já existe um tipo de evento com este alias nesta rota';
export const ROUTE_FIELD_PATH_TAKEN = 'Já existe um campo com este caminho nesta rota';

const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Deve ter no máximo ${max} caracteres` });

/** Absent, null or blank → null. */
const ZDescription = z
  .string({ error: 'Descrição deve ser um texto' })
  .trim()
  .max(1000, { error: 'Descrição deve ter no máximo 1000 caracteres' })
  .nullish()
  .transform((value) => value || null);

/** A description in an update: absent keeps the stored one, null or blank clears it. */
const ZDescriptionChange = z
  .string({ error: 'Descrição deve ser um texto' })
  .max(1000, { error: 'Descrição deve ter no máximo 1000 caracteres' })
  .nullable()
  .optional();

const ZIsActive = z.boolean({ error: 'Ativo deve ser verdadeiro ou falso' });

const ref = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .pipe(z.uuid({ error: invalid }));

export const ZRouteRef = ref('Rota é obrigatória', 'Rota inválida');

export const ZRouteName = requiredText('Nome é obrigatório');
export const ZRouteEndpoint = z
  .string({ error: 'Endpoint é obrigatório' })
  .trim()
  .min(1, { error: 'Endpoint é obrigatório' })
  .max(500, { error: 'Endpoint deve ter no máximo 500 caracteres' })
  .regex(/^\/\S*$/, { error: 'Endpoint deve começar com / e não ter espaços' });
export const ZRouteMethod = z.enum(ROUTE_METHODS, { error: 'Método inválido' });

const routeFields = {
  name: ZRouteName,
  description: ZDescription,
  endpoint: ZRouteEndpoint,
  method: ZRouteMethod,
  applicationId: ref('Aplicação é obrigatória', 'Aplicação inválida'),
  isActive: ZIsActive,
};

/**
 * Body of POST /routes (also the console's route form). Without `verification` the route refuses
 * every request to its ingest URL until one is chosen (NONE only when chosen explicitly).
 */
export const ZCreateRouteRequest = z.object({
  ...routeFields,
  method: routeFields.method.default('POST'),
  isActive: routeFields.isActive.default(true),
  verification: ZVerificationInput.nullish(),
  eventTypeFrom: ZEventTypeFrom.optional(),
});
export type TCreateRouteRequest = z.input<typeof ZCreateRouteRequest>;
export type TRouteInput = z.output<typeof ZCreateRouteRequest>;

/** Body of PUT /routes/{id}: absent fields keep their value. */
export const ZUpdateRouteRequest = z.object({
  name: routeFields.name.optional(),
  description: ZDescriptionChange,
  endpoint: routeFields.endpoint.optional(),
  method: routeFields.method.optional(),
  applicationId: routeFields.applicationId.optional(),
  isActive: routeFields.isActive.optional(),
  /** null: not configured (every request refused). Secrets left out keep the stored ones. */
  verification: ZVerificationInput.nullable().optional(),
  eventTypeFrom: ZEventTypeFrom.optional(),
});
export type TUpdateRouteRequest = z.input<typeof ZUpdateRouteRequest>;
export type TRouteChanges = z.output<typeof ZUpdateRouteRequest>;

/** `GET /routes?applicationId&limit&search`. */
export const ZRouteListQuery = listQuery(ROUTE_LIST_LIMIT).extend({
  applicationId: z.uuid({ error: 'Aplicação inválida' }).optional(),
});
export type TRouteListQuery = z.infer<typeof ZRouteListQuery>;

/* ---------- route event types ---------- */

export const ZRouteEventTypeAlias = z
  .string({ error: 'Alias é obrigatório' })
  .trim()
  .min(1, { error: 'Alias é obrigatório' })
  .max(255, { error: 'Alias deve ter no máximo 255 caracteres' })
  .regex(ROUTE_EVENT_TYPE_ALIAS_PATTERN, {
    error: 'Alias deve ter palavras minúsculas separadas por pontos, como message.text.received',
  });

const eventTypeFields = {
  name: requiredText('Nome é obrigatório'),
  alias: ZRouteEventTypeAlias,
  description: ZDescription,
  isActive: ZIsActive,
  /** Inbound bodies of this type are checked against it, as an event's emitted payloads are. */
  schema: ZEventJsonSchema,
  examples: ZEventExamples,
  schemaValidation: ZSchemaValidationMode,
};

/** Body of POST /route-event-types (and the merged result of a PUT). */
export const ZCreateRouteEventTypeRequest = z
  .object({
    ...eventTypeFields,
    routeId: ZRouteRef,
    isActive: eventTypeFields.isActive.default(true),
    schemaValidation: eventTypeFields.schemaValidation.default('OFF'),
  })
  .superRefine(checkSchemaRules);
export type TCreateRouteEventTypeRequest = z.input<typeof ZCreateRouteEventTypeRequest>;
export type TRouteEventTypeInput = z.output<typeof ZCreateRouteEventTypeRequest>;

/** Body of PUT /route-event-types/{id}: absent fields keep their value; the route does not change. */
export const ZUpdateRouteEventTypeRequest = z.object({
  name: eventTypeFields.name.optional(),
  alias: eventTypeFields.alias.optional(),
  description: ZDescriptionChange,
  isActive: eventTypeFields.isActive.optional(),
  /** Checked whole with the merged event type: null or '' clears. */
  schema: z.unknown().optional(),
  examples: z.unknown().optional(),
  schemaValidation: eventTypeFields.schemaValidation.optional(),
});
export type TUpdateRouteEventTypeRequest = z.input<typeof ZUpdateRouteEventTypeRequest>;

/* ---------- route fields ---------- */

export const ZRouteFieldPath = z
  .string({ error: 'Caminho é obrigatório' })
  .trim()
  .min(1, { error: 'Caminho é obrigatório' })
  .refine((path) => parsePath(path) !== null, {
    error: 'Caminho inválido: use um caminho JSON como data.message.text',
  });

const fieldFields = {
  name: requiredText('Nome é obrigatório'),
  description: ZDescription,
  type: z.enum(ROUTE_FIELD_TYPES, { error: 'Tipo é obrigatório: string, number, boolean, array ou object' }),
  path: ZRouteFieldPath,
  isActive: ZIsActive,
};

/** Body of POST /route-fields. */
export const ZCreateRouteFieldRequest = z.object({
  ...fieldFields,
  routeId: ZRouteRef,
  isActive: fieldFields.isActive.default(true),
});
export type TCreateRouteFieldRequest = z.input<typeof ZCreateRouteFieldRequest>;
export type TRouteFieldInput = z.output<typeof ZCreateRouteFieldRequest>;

/** Body of PUT /route-fields/{id}: absent fields keep their value; the route does not change. */
export const ZUpdateRouteFieldRequest = z.object({
  name: fieldFields.name.optional(),
  description: ZDescriptionChange,
  type: fieldFields.type.optional(),
  path: fieldFields.path.optional(),
  isActive: fieldFields.isActive.optional(),
});
export type TUpdateRouteFieldRequest = z.input<typeof ZUpdateRouteFieldRequest>;

/** `GET /route-event-types?routeId` and `GET /route-fields?routeId`. */
export const ZRouteChildListQuery = z.object({
  routeId: z.uuid({ error: 'Rota inválida' }).optional(),
});
export type TRouteChildListQuery = z.infer<typeof ZRouteChildListQuery>;

/* ---------- responses ---------- */

const ZTimestamps = { createdAt: z.string(), updatedAt: z.string() };

export const ZRouteEventType = z
  .object({
    id: z.string(),
    name: z.string(),
    alias: z.string(),
    description: z.string().nullable(),
    routeId: z.string(),
    isActive: z.boolean(),
    schema: ZEventSchemaFields.schema,
    examples: ZEventSchemaFields.examples,
    schemaValidation: ZEventSchemaFields.schemaValidation,
    /** Counts the schema's changes; null until a schema is first set. */
    schemaVersion: ZEventSchemaFields.schemaVersion,
    ...ZTimestamps,
    permissions: ZRowPermissions,
  })
  .meta({ id: 'RouteEventType' });
export type TRouteEventType = z.infer<typeof ZRouteEventType>;

export const ZRouteEventTypeDetail = ZRouteEventType.extend({
  route: z.object({ id: z.string(), name: z.string(), applicationId: z.string() }),
  _count: z.object({ rules: z.number().int() }),
}).meta({ id: 'RouteEventTypeDetail' });
export type TRouteEventTypeDetail = z.infer<typeof ZRouteEventTypeDetail>;

export const ZRouteField = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(ROUTE_FIELD_TYPES),
    path: z.string(),
    routeId: z.string(),
    isActive: z.boolean(),
    ...ZTimestamps,
    permissions: ZRowPermissions,
  })
  .meta({ id: 'RouteField' });
export type TRouteField = z.infer<typeof ZRouteField>;

/** A rule as a route lists it. */
export const ZRouteRuleSummary = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  routeEventTypeId: z.string().nullable(),
  eventId: z.string().nullable(),
});
export type TRouteRuleSummary = z.infer<typeof ZRouteRuleSummary>;

/** What every view of a route holds. */
export const ZRouteCore = {
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  endpoint: z.string(),
  method: z.enum(ROUTE_METHODS),
  applicationId: z.string(),
};

export const ZRoute = z
  .object({
    ...ZRouteCore,
    application: z.object({ id: z.string(), name: z.string() }),
    isActive: z.boolean(),
    ...ZTimestamps,
    /** Where senders post: `<PUBLIC_URL>/in/<ingest token><endpoint>`, with the route's method. */
    ingestUrl: z.string(),
    /** Null: not configured, every request refused. */
    verification: ZRouteVerification.nullable(),
    eventTypeFrom: ZEventTypeFrom,
    rules: z.array(ZRouteRuleSummary),
    _count: z.object({ eventTypes: z.number().int(), fields: z.number().int(), rules: z.number().int() }),
    permissions: ZRowPermissions,
  })
  .meta({ id: 'Route' });
export type TRoute = z.infer<typeof ZRoute>;

export const ZRouteDetail = ZRoute.extend({
  eventTypes: z.array(ZRouteEventType),
  fields: z.array(ZRouteField),
}).meta({ id: 'RouteDetail' });
export type TRouteDetail = z.infer<typeof ZRouteDetail>;

export const ZRouteListResponse = paginated(ZRoute).meta({ id: 'RouteList' });
export type TRouteListResponse = z.infer<typeof ZRouteListResponse>;

/** A route's event types and fields are listed whole, without pages. */
export const ZRouteEventTypeListAnswer = z.object({ data: z.array(ZRouteEventTypeDetail) });
export const ZRouteFieldListAnswer = z.object({ data: z.array(ZRouteField) });
