import { z } from 'zod';
import { listQuery, paginated, ZId } from './common';
import { ZOperationalEventType } from './operational-events';
import { ZTargetUrl } from './subscriptions';

/**
 * An endpoint that receives operational events (a subscription disabled, a circuit opened…),
 * signed with Standard Webhooks. Without an application it is the signed-in user's own (the events
 * of the subscriptions they created); with one, the application's (its writers manage it).
 */
const ZEventTypes = z
  .array(ZOperationalEventType, { error: 'Tipos de aviso devem ser uma lista' })
  .min(1, { error: 'Escolha ao menos um tipo de aviso, ou omita o campo para receber todos' })
  .max(20, { error: 'Tipos de aviso repetidos' })
  .refine((types) => new Set(types).size === types.length, { error: 'Tipos de aviso repetidos' });

export const ZCreateOperationalEndpointRequest = z
  .object({
    url: ZTargetUrl,
    /** Absent or null: every operational type. */
    eventTypes: ZEventTypes.nullish(),
    applicationId: ZId.nullish(),
  })
  .meta({ id: 'CreateOperationalEndpointRequest' });
export type TCreateOperationalEndpointRequest = z.infer<typeof ZCreateOperationalEndpointRequest>;

/** PUT: the URL and the types; an endpoint stays whose it is. */
export const ZUpdateOperationalEndpointRequest = z
  .object({ url: ZTargetUrl.optional(), eventTypes: ZEventTypes.nullish() })
  .meta({ id: 'UpdateOperationalEndpointRequest' });
export type TUpdateOperationalEndpointRequest = z.infer<typeof ZUpdateOperationalEndpointRequest>;

export const ZOperationalEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    /** Null: every operational type. */
    eventTypes: z.array(ZOperationalEventType).nullable(),
    /** Null: the user's own. */
    applicationId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OperationalEndpoint' });
export type TOperationalEndpoint = z.infer<typeof ZOperationalEndpoint>;

/** Create answers the signing secret (`whsec_…`) once; it is never shown again. */
export const ZCreatedOperationalEndpoint = ZOperationalEndpoint.extend({ secret: z.string() }).meta({
  id: 'CreatedOperationalEndpoint',
});
export type TCreatedOperationalEndpoint = z.infer<typeof ZCreatedOperationalEndpoint>;

/** Without applicationId: the user's own endpoints; with it: the application's. */
export const ZOperationalEndpointListQuery = listQuery(20)
  .omit({ search: true })
  .extend({ applicationId: ZId.optional() });
export type TOperationalEndpointListQuery = z.infer<typeof ZOperationalEndpointListQuery>;

export const ZOperationalEndpointListResponse = paginated(ZOperationalEndpoint).meta({
  id: 'OperationalEndpointList',
});
export type TOperationalEndpointListResponse = z.infer<typeof ZOperationalEndpointListResponse>;
