import { z } from 'zod';
import { ZId } from './common';

/** POST /events/emit: `eventType` is the event alias inside `applicationId`. */
export const ZEmitRequest = z.object({
  eventType: z
    .string({ error: 'eventType é obrigatório' })
    .trim()
    .min(1, { error: 'eventType é obrigatório' })
    .max(255, { error: 'eventType muito longo' }),
  data: z.unknown().refine((value) => value !== undefined, { error: 'data é obrigatório' }),
  applicationId: z.uuid({ error: 'applicationId inválido' }),
  externalEventId: z.string().trim().min(1).max(255, { error: 'externalEventId muito longo' }).optional(),
  organizationId: z.string().trim().max(255, { error: 'organizationId muito longo' }).optional(),
});
export type TEmitRequest = z.infer<typeof ZEmitRequest>;

export const ZEmitResponse = z.object({
  occurrenceId: ZId,
  eventId: ZId,
  deliveries: z.number().int(),
  ignored: z.number().int(),
});
export type TEmitResponse = z.infer<typeof ZEmitResponse>;

/** Answer of POST /subscriptions/{id}/test. */
export const ZSubscriptionTestResult = z.object({
  success: z.boolean(),
  httpStatusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  responseBody: z.string().nullable(),
  deliveryLogId: ZId,
});
export type TSubscriptionTestResult = z.infer<typeof ZSubscriptionTestResult>;
