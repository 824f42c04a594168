import { z } from 'zod';
import { ZPagination } from './common';
import { DELIVERY_STATUSES } from './enums';

const optionalDate = z.iso
  .datetime({ offset: true, error: 'Data inválida' })
  .or(z.iso.date({ error: 'Data inválida' }))
  .optional();

/** GET /logs: the spec's filters; page size 20 by default, up to 100 for lookups. */
export const ZDeliveryLogListQuery = z.object({
  page: z.coerce.number({ error: 'Página inválida' }).int().min(1, { error: 'Página inválida' }).default(1),
  limit: z.coerce
    .number({ error: 'Limite inválido' })
    .int()
    .min(1, { error: 'Limite inválido' })
    .max(100, { error: 'Limite máximo é 100' })
    .default(20),
  subscriptionId: z.uuid({ error: 'Assinatura inválida' }).optional(),
  eventId: z.uuid({ error: 'Evento inválido' }).optional(),
  status: z.enum(DELIVERY_STATUSES, { error: 'Status inválido' }).optional(),
  startDate: optionalDate,
  endDate: optionalDate,
  search: z.string().trim().max(255, { error: 'Busca muito longa' }).optional(),
});
export type TDeliveryLogListQuery = z.infer<typeof ZDeliveryLogListQuery>;

export const ZDeliveryLogSubscription = z.object({
  id: z.string(),
  name: z.string(),
  targetUrl: z.string(),
  httpMethod: z.string(),
  authType: z.string(),
  event: z.object({ id: z.string(), name: z.string(), alias: z.string() }),
});

export const ZDeliveryLogListItem = z.object({
  id: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  httpStatusCode: z.number().int().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  attemptCount: z.number().int(),
  subscription: ZDeliveryLogSubscription,
});
export type TDeliveryLogListItem = z.infer<typeof ZDeliveryLogListItem>;

export const ZDeliveryLogStats = z.object({
  SUCCESS: z.number().int(),
  FAILED: z.number().int(),
  PENDING: z.number().int(),
  RETRYING: z.number().int(),
  IGNORED: z.number().int(),
});
export type TDeliveryLogStats = z.infer<typeof ZDeliveryLogStats>;

export const ZDeliveryLogListResponse = z.object({
  data: z.array(ZDeliveryLogListItem),
  pagination: ZPagination,
  stats: ZDeliveryLogStats,
});
export type TDeliveryLogListResponse = z.infer<typeof ZDeliveryLogListResponse>;

export const ZDeliveryAttempt = z.object({
  id: z.string(),
  attemptNumber: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  httpStatusCode: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  responseBody: z.string().nullable(),
});
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;

export const ZDeliveryLogDetail = ZDeliveryLogListItem.extend({
  responseBody: z.string().nullable(),
  errorMessage: z.string().nullable(),
  eventDataReceived: z.unknown(),
  payloadSent: z.unknown(),
  nextAttemptAt: z.string().nullable(),
  occurrenceId: z.string(),
  attempts: z.array(ZDeliveryAttempt),
});
export type TDeliveryLogDetail = z.infer<typeof ZDeliveryLogDetail>;
