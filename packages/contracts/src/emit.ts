import { z } from 'zod';
import { ZId } from './common';

/** POST /events/emit: `eventType` is the event alias inside `applicationId`. */
export const ZEmitRequest = z.object({
  eventType: z
    .string({ error: 'eventType é obrigatório' })
    .trim()
    .min(1, { error: 'eventType é obrigatório' })
    .max(255, { error: 'eventType muito longo' }),
  data: z.unknown().refine((value) => value !== undefined && value !== null, { error: 'data é obrigatório' }),
  applicationId: z.uuid({ error: 'applicationId inválido' }),
  externalEventId: z
    .string({ error: 'externalEventId deve ser um texto' })
    .trim()
    .min(1, { error: 'externalEventId não pode ser vazio' })
    .max(255, { error: 'externalEventId muito longo' })
    .optional(),
  organizationId: z.string().trim().max(255, { error: 'organizationId muito longo' }).optional(),
  /**
   * Only for a FIFO event: deliveries of one key go out in emit order, keys in parallel (SQS calls it
   * the message group). Absent: the event's whole stream is one key.
   */
  orderingKey: z
    .string({ error: 'orderingKey deve ser um texto' })
    .min(1, { error: 'orderingKey não pode ser vazio' })
    .max(255, { error: 'orderingKey muito longo (máximo de 255 caracteres)' })
    .optional(),
  /** Answers what the emit would do (EmitDryRunAnswer, 200) and stores and sends nothing. */
  dryRun: z.boolean({ error: 'dryRun deve ser verdadeiro ou falso' }).optional(),
});
export type TEmitRequest = z.infer<typeof ZEmitRequest>;

/**
 * Headers of POST /events/emit and /emit-rules the server reads. The Idempotency-Key has externalEventId's limit:
 * it is stored and compared as that id is.
 */
export const ZEmitHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .max(255, { error: 'Idempotency-Key muito longo (máximo de 255 caracteres)' })
    .optional(),
});

export const ZEmitResponse = z
  .object({
    occurrenceId: ZId,
    eventId: ZId,
    deliveries: z.number().int(),
    ignored: z.number().int(),
  })
  .meta({ id: 'EmitAnswer' });
export type TEmitResponse = z.infer<typeof ZEmitResponse>;

/**
 * What an emit would do to one subscription of the event: DELIVER (its filters pass; `body` is what
 * it would be sent), IGNORED (a delivery log with `reason`, as filters that fail or a subscription
 * disabled by failures get) or SKIPPED (an inactive or paused subscription: no log at all).
 */
export const ZEmitDryRunSubscription = z.object({
  subscriptionId: ZId,
  outcome: z.enum(['DELIVER', 'IGNORED', 'SKIPPED']),
  reason: z.string().nullable(),
  /** The filters that failed, by their position in the subscription's list. */
  failures: z.array(z.object({ index: z.number().int(), reason: z.string().nullable() })),
  body: z.unknown().optional(),
});
export type TEmitDryRunSubscription = z.infer<typeof ZEmitDryRunSubscription>;

/** Answer of POST /events/emit with `dryRun: true`: nothing was stored or sent. */
export const ZEmitDryRunAnswer = z
  .object({
    dryRun: z.literal(true),
    eventId: ZId,
    deliveries: z.number().int(),
    ignored: z.number().int(),
    /** What the event's own state does to the emit (a paused event holds its deliveries); null when nothing. */
    notice: z.string().nullable(),
    subscriptions: z.array(ZEmitDryRunSubscription),
  })
  .meta({ id: 'EmitDryRunAnswer' });
export type TEmitDryRunAnswer = z.infer<typeof ZEmitDryRunAnswer>;

/** What a test shows once a token step succeeded (an OAuth2 subscription). */
export const OAUTH2_TOKEN_OBTAINED = 'Token OAuth2 obtido';

/** Answer of POST /subscriptions/{id}/test. */
export const ZSubscriptionTestResult = z
  .object({
    success: z.boolean(),
    httpStatusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    responseBody: z.string().nullable(),
    deliveryLogId: ZId,
    /**
     * An OAuth2 client-credentials subscription's token request, before the receiver is called:
     * OAUTH2_TOKEN_OBTAINED, or why it failed ("Falha ao obter token OAuth2: 401 invalid_client", the
     * receiver then not called). null for the other auth types.
     */
    tokenStep: z.object({ success: z.boolean(), message: z.string() }).nullable(),
  })
  .meta({ id: 'SubscriptionTestResult' });
export type TSubscriptionTestResult = z.infer<typeof ZSubscriptionTestResult>;

/** POST /events/{id}/test-callback: what the event's callback URL answered to a test report sent by the server. */
export const ZCallbackTestResult = ZSubscriptionTestResult.omit({
  deliveryLogId: true,
  tokenStep: true,
}).meta({
  id: 'CallbackTestResult',
});
export type TCallbackTestResult = z.infer<typeof ZCallbackTestResult>;
