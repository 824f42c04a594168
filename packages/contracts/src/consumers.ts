import { z } from 'zod';
import { listQuery, paginated, ZId } from './common';
import { ZEventAlias } from './events';

/**
 * A consumer: the application's own id for one of its customers, who owns subscriptions without a
 * console account and manages them in the portal.
 */
export const ZConsumerId = z
  .string({ error: 'Consumidor inválido' })
  .min(1, { error: 'Consumidor inválido' })
  .max(255, { error: 'O id do consumidor deve ter no máximo 255 caracteres' })
  .regex(/^[A-Za-z0-9._:-]+$/, { error: 'O id do consumidor aceita apenas letras, números e . _ : -' });

export const ZApplicationConsumerParams = z.object({ id: ZId, consumerId: ZConsumerId });

/** One subscription of one consumer of one application. */
export const ZConsumerSubscriptionParams = ZApplicationConsumerParams.extend({ subId: ZId });

export const ZConsumerListQuery = listQuery(20);
export type TConsumerListQuery = z.infer<typeof ZConsumerListQuery>;

export const ZConsumer = z
  .object({
    consumerId: z.string(),
    subscriptionCount: z.number().int(),
    /** Its subscriptions whose circuit is OPEN now: deliveries to them wait. */
    openCircuits: z.number().int(),
  })
  .meta({ id: 'Consumer' });
export type TConsumer = z.infer<typeof ZConsumer>;

export const ZConsumerListResponse = paginated(ZConsumer).meta({ id: 'ConsumerList' });
export type TConsumerListResponse = z.infer<typeof ZConsumerListResponse>;

export const PORTAL_LOCALES = ['pt-BR', 'en'] as const;
export type PortalLocale = (typeof PORTAL_LOCALES)[number];

/** A week: a link handed to a customer should not live longer. */
export const PORTAL_SESSION_MAX_MINUTES = 10_080;

/** Body of POST /applications/{id}/portal-sessions. */
export const ZCreatePortalSessionRequest = z.object({
  consumerId: ZConsumerId,
  expiresInMinutes: z
    .number({ error: 'Validade inválida' })
    .int({ error: 'Validade inválida' })
    .min(1, { error: 'A validade mínima é 1 minuto' })
    .max(PORTAL_SESSION_MAX_MINUTES, { error: 'A validade máxima é 10080 minutos (7 dias)' })
    .default(60),
  /** The events the session may subscribe to; absent: all of the application's. */
  eventAliases: z
    .array(ZEventAlias)
    .min(1, { error: 'Informe ao menos um evento' })
    .max(200, { error: 'No máximo 200 eventos' })
    .optional(),
  readOnly: z.boolean({ error: 'readOnly deve ser um booleano' }).default(false),
  locale: z.enum(PORTAL_LOCALES, { error: "Idioma inválido: use 'pt-BR' ou 'en'" }).default('pt-BR'),
});
export type TCreatePortalSessionRequest = z.input<typeof ZCreatePortalSessionRequest>;
export type TPortalSessionInput = z.output<typeof ZCreatePortalSessionRequest>;

export const ZPortalSession = z
  .object({
    id: z.string(),
    /** `<PUBLIC_URL>/portal/<application id>#token=…`: the token in the fragment reaches no server log; the path names whose embedding rules the page follows. */
    url: z.string(),
    /** Shown once: only its hash is kept. */
    token: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'PortalSession' });
export type TPortalSession = z.infer<typeof ZPortalSession>;

export const ZPortalSessionParams = z.object({ id: ZId, sessionId: ZId });

/** The portal's own refusals, in the session's language. */
export const PORTAL_MESSAGES = {
  'pt-BR': {
    invalidSession: 'Sessão do portal inválida, expirada ou revogada',
    readOnly: 'Esta sessão do portal é somente leitura',
    subscriptionNotFound: 'Assinatura não encontrada',
    logNotFound: 'Log não encontrado',
    eventNotFound: 'Evento não encontrado',
    tooManyRequests: 'Muitas requisições nesta sessão do portal; aguarde alguns segundos e tente de novo',
  },
  en: {
    invalidSession: 'Portal session is invalid, expired or revoked',
    readOnly: 'This portal session is read-only',
    subscriptionNotFound: 'Subscription not found',
    logNotFound: 'Log not found',
    eventNotFound: 'Event not found',
    tooManyRequests: 'Too many requests in this portal session; wait a few seconds and try again',
  },
} as const satisfies Record<PortalLocale, Record<string, string>>;
export type PortalMessage = keyof (typeof PORTAL_MESSAGES)['pt-BR'];

/** What the portal page needs to know of its session: the consumer, its language and the brand. */
export const ZPortalSessionView = z
  .object({
    consumerId: z.string(),
    locale: z.enum(['pt-BR', 'en']),
    isReadOnly: z.boolean(),
    displayName: z.string().nullable(),
    accentColor: z.string().nullable(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'PortalSessionView' });
export type TPortalSessionView = z.infer<typeof ZPortalSessionView>;

/** An event a portal session may subscribe to. */
export const ZPortalEvent = z
  .object({ id: z.string(), name: z.string(), alias: z.string() })
  .meta({ id: 'PortalEvent' });
export type TPortalEvent = z.infer<typeof ZPortalEvent>;

export const ZPortalEventList = z.object({ data: z.array(ZPortalEvent) }).meta({ id: 'PortalEventList' });
export type TPortalEventList = z.infer<typeof ZPortalEventList>;
