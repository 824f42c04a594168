import { z } from 'zod';
import { listQuery, paginated } from './common';
import { DELIVERY_STATUSES, ENTITY_STATUSES } from './enums';
import { ZSchemaViolation } from './event-schema';

// Year 0000 is valid ISO 8601 but not a date PostgreSQL can hold.
const optionalDate = z.iso
  .datetime({ offset: true, error: 'Data inválida' })
  .or(z.iso.date({ error: 'Data inválida' }))
  .refine((value) => !value.startsWith('0000'), { error: 'Data inválida' })
  .optional();

/** GET /logs: its filters; page size 20 by default, up to 100 for lookups. */
export const ZDeliveryLogListQuery = listQuery(20).extend({
  subscriptionId: z.uuid({ error: 'Assinatura inválida' }).optional(),
  eventId: z.uuid({ error: 'Evento inválido' }).optional(),
  /** The deliveries of one occurrence (an emit, or the event a rule emitted). */
  occurrenceId: z.uuid({ error: 'Ocorrência inválida' }).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: 'Status inválido' }).optional(),
  startDate: optionalDate,
  endDate: optionalDate,
});
export type TDeliveryLogListQuery = z.infer<typeof ZDeliveryLogListQuery>;

export const ZDeliveryLogSubscription = z.object({
  id: z.string(),
  name: z.string(),
  /** A FAILED or INACTIVE subscription must be reactivated before its deliveries can be retried. */
  status: z.enum(ENTITY_STATUSES),
  targetUrl: z.string(),
  httpMethod: z.string(),
  authType: z.string(),
  event: z.object({ id: z.string(), name: z.string(), alias: z.string() }),
});

export const ZDeliveryLogListItem = z
  .object({
    id: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    httpStatusCode: z.number().int().nullable(),
    createdAt: z.string(),
    processedAt: z.string().nullable(),
    /** When a RETRYING delivery was last tried (its processedAt waits for the final outcome); else null. */
    lastAttemptAt: z.string().nullable(),
    attemptCount: z.number().int(),
    subscription: ZDeliveryLogSubscription,
    /** A FIFO event's delivery: its ordering key ('' when the emit named none: the whole stream); null otherwise. */
    orderingKey: z.string().nullable(),
    /** A FIFO delivery not attempted yet because an earlier one of its key is not final ("Aguardando a anterior"). */
    isWaitingForPrevious: z.boolean(),
    /** A FAILED FIFO delivery someone skipped, so its key (on HOLD) moves on: when and why; else null. */
    skippedAt: z.string().nullable(),
    skipReason: z.string().nullable(),
    /** Whether the caller may resend it (edit rights on its subscription). */
    permissions: z.object({ canWrite: z.boolean() }),
  })
  .meta({ id: 'DeliveryLog' });
export type TDeliveryLogListItem = z.infer<typeof ZDeliveryLogListItem>;

export const ZDeliveryLogStats = z.object({
  SUCCESS: z.number().int(),
  FAILED: z.number().int(),
  PENDING: z.number().int(),
  RETRYING: z.number().int(),
  IGNORED: z.number().int(),
});
export type TDeliveryLogStats = z.infer<typeof ZDeliveryLogStats>;

export const ZDeliveryLogListResponse = paginated(ZDeliveryLogListItem)
  .extend({ stats: ZDeliveryLogStats })
  .meta({ id: 'DeliveryLogList' });
export type TDeliveryLogListResponse = z.infer<typeof ZDeliveryLogListResponse>;

export const ZDeliveryAttempt = z
  .object({
    id: z.string(),
    attemptNumber: z.number().int(),
    startedAt: z.string(),
    durationMs: z.number().int(),
    httpStatusCode: z.number().int().nullable(),
    errorMessage: z.string().nullable(),
    responseBody: z.string().nullable(),
  })
  .meta({ id: 'DeliveryAttempt' });
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;

export const ZDeliveryLogDetail = ZDeliveryLogListItem.extend({
  responseBody: z.string().nullable(),
  errorMessage: z.string().nullable(),
  eventDataReceived: z.unknown(),
  payloadSent: z.unknown(),
  nextAttemptAt: z.string().nullable(),
  occurrenceId: z.string(),
  /** The event's schema version the emit was checked against; null when its validation was OFF. */
  schemaVersion: z.number().int().nullable(),
  /** Under WARN, where the emitted payload broke the schema ("Payload fora do schema"); [] otherwise. */
  schemaViolations: z.array(ZSchemaViolation),
  attempts: z.array(ZDeliveryAttempt),
}).meta({ id: 'DeliveryLogDetail' });
export type TDeliveryLogDetail = z.infer<typeof ZDeliveryLogDetail>;

/** Body of POST /logs/{id}/skip: why the failed FIFO delivery is passed over. */
export const ZSkipDeliveryRequest = z.object({
  reason: z
    .string({ error: 'Motivo é obrigatório' })
    .trim()
    .min(1, { error: 'Motivo é obrigatório' })
    .max(500, { error: 'Motivo deve ter no máximo 500 caracteres' }),
});
export type TSkipDeliveryRequest = z.infer<typeof ZSkipDeliveryRequest>;

/** POST /logs/{id}/skip: the failed FIFO delivery stays FAILED, marked skipped; its key moves on. */
export const ZSkipDeliveryResponse = z
  .object({ id: z.string(), skippedAt: z.string(), skipReason: z.string(), message: z.string() })
  .meta({ id: 'SkipDeliveryAnswer' });
export type TSkipDeliveryResponse = z.infer<typeof ZSkipDeliveryResponse>;

/** POST /logs/{id}/retry: the delivery is queued again, due now. */
export const ZRetryDeliveryResponse = z
  .object({ id: z.string(), status: z.literal('PENDING'), message: z.string() })
  .meta({ id: 'RetryDeliveryAnswer' });
export type TRetryDeliveryResponse = z.infer<typeof ZRetryDeliveryResponse>;
