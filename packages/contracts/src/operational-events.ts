import { z } from 'zod';
import { listQuery, paginated, queryBoolean } from './common';
import { DISABLED_REASON_TEXT, SUBSCRIPTION_DISABLED_REASONS } from './enums';

/**
 * What the product itself tells people about their endpoints: each type's payload is the body an
 * operational webhook receives and what a notification is written from.
 */
export const OPERATIONAL_EVENT_TYPES = [
  'subscription.disabled',
  'subscription.enabled',
  'subscription.circuit_opened',
  'subscription.circuit_closed',
  'delivery.failed',
  'ingest.verification_failed',
] as const;
export type OperationalEventType = (typeof OPERATIONAL_EVENT_TYPES)[number];
export const ZOperationalEventType = z.enum(OPERATIONAL_EVENT_TYPES, { error: 'Tipo de aviso inválido' });

/** Who a subscription event is about: the subscription, its event and application. */
const ZSubscriptionRef = z.object({
  subscriptionId: z.string(),
  subscriptionName: z.string(),
  targetUrl: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
});

/** A failed attempt as the owner needs it to see what is wrong. */
export const ZOperationalError = z.object({
  deliveryLogId: z.string(),
  at: z.string(),
  httpStatusCode: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
});

/** Every payload: the type, when it happened, where the console shows it (absolute URL), the data. */
const envelope = <T extends OperationalEventType, D extends z.ZodRawShape>(type: T, data: D) =>
  z
    .object({
      id: z.string(),
      type: z.literal(type),
      timestamp: z.string(),
      consoleUrl: z.string(),
      data: z.object(data),
    })
    .meta({ id: `OperationalEvent_${type.replace('.', '_')}` });

export const ZSubscriptionDisabledEvent = envelope('subscription.disabled', {
  ...ZSubscriptionRef.shape,
  reason: z.enum(SUBSCRIPTION_DISABLED_REASONS).nullable(),
  /** The subscription's latest failures, newest first (at most 5). */
  lastErrors: z.array(ZOperationalError),
});
export const ZSubscriptionEnabledEvent = envelope('subscription.enabled', ZSubscriptionRef.shape);
export const ZCircuitOpenedEvent = envelope('subscription.circuit_opened', ZSubscriptionRef.shape);
export const ZCircuitClosedEvent = envelope('subscription.circuit_closed', ZSubscriptionRef.shape);
export const ZDeliveryFailedEvent = envelope('delivery.failed', {
  ...ZSubscriptionRef.shape,
  deliveryLogId: z.string(),
  reason: z.string().nullable(),
});
export const ZIngestVerificationFailedEvent = envelope('ingest.verification_failed', {
  routeId: z.string(),
  routeName: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
  reason: z.string().nullable(),
});

export const ZOperationalEvent = z.discriminatedUnion('type', [
  ZSubscriptionDisabledEvent,
  ZSubscriptionEnabledEvent,
  ZCircuitOpenedEvent,
  ZCircuitClosedEvent,
  ZDeliveryFailedEvent,
  ZIngestVerificationFailedEvent,
]);
export type TOperationalEvent = z.infer<typeof ZOperationalEvent>;

export const NOTIFICATION_PAGE_SIZE = 20;

/** `GET /notifications`: `unread=true` lists only what is not read yet. */
export const ZNotificationListQuery = listQuery(NOTIFICATION_PAGE_SIZE)
  .omit({ search: true })
  .extend({ unread: queryBoolean('unread deve ser true ou false').optional() });
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

export const ZNotification = z
  .object({
    id: z.string(),
    type: ZOperationalEventType,
    /** pt-BR, short. */
    title: z.string(),
    /** pt-BR, names what happened and to what. */
    message: z.string(),
    /** The console path of what it is about. */
    link: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type TNotification = z.infer<typeof ZNotification>;

/** The page, and how many of the user's notifications are unread (the bell's count). */
export const ZNotificationListResponse = paginated(ZNotification)
  .extend({ unread: z.number().int() })
  .meta({ id: 'NotificationList' });
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

/** `POST /notifications/read-all`: how many were marked, and the unread count after it (0). */
export const ZReadAllNotificationsResponse = z
  .object({ data: z.object({ marked: z.number().int(), unread: z.number().int() }) })
  .meta({ id: 'ReadAllNotifications' });

/** What a person is told of an event: a title, a sentence naming what and why, and where to look. */
export type OperationalNotice = { title: string; message: string; link: string };

const quoted = (name: string) => `"${name}"`;

/**
 * The pt-BR notice of an operational event. A failed delivery links to the subscription's failed
 * deliveries, so that the failures of one subscription share one unread notice.
 */
export function describeOperationalEvent(event: TOperationalEvent): OperationalNotice {
  if (event.type === 'ingest.verification_failed') {
    const { data } = event;
    return {
      title: 'Remetente recusado na rota',
      message: `A rota ${quoted(data.routeName)} recusou uma requisição que não passou na verificação${
        data.reason ? `: ${data.reason}` : ''
      }.`,
      link: `/routes/${data.routeId}`,
    };
  }
  const { data } = event;
  const subject = `A assinatura ${quoted(data.subscriptionName)} do evento ${quoted(data.eventName)}`;
  const link = `/subscriptions/${data.subscriptionId}`;
  switch (event.type) {
    case 'subscription.disabled': {
      const reason = event.data.reason ? `: ${DISABLED_REASON_TEXT[event.data.reason]}` : '';
      const last = event.data.lastErrors[0];
      const lastError = last
        ? ` Último erro: ${last.httpStatusCode ? `HTTP ${last.httpStatusCode}` : (last.errorMessage ?? 'sem resposta')}.`
        : '';
      return {
        title: 'Assinatura desativada',
        message: `${subject} foi desativada${reason}.${lastError} Reative-a quando o destino voltar.`,
        link,
      };
    }
    case 'subscription.enabled':
      return { title: 'Assinatura reativada', message: `${subject} voltou a receber entregas.`, link };
    case 'subscription.circuit_opened':
      return {
        title: 'Entregas suspensas',
        message: `${subject} falhou seguidamente: as entregas esperam até o destino responder de novo.`,
        link,
      };
    case 'subscription.circuit_closed':
      return {
        title: 'Entregas retomadas',
        message: `${subject} voltou a responder: as entregas que esperavam seguem agora.`,
        link,
      };
    case 'delivery.failed':
      return {
        title: 'Entregas falharam',
        message: `${subject} tem entregas que esgotaram as tentativas${
          event.data.reason ? `; a última: ${event.data.reason}` : ''
        }.`,
        link: `/logs?subscriptionId=${data.subscriptionId}&status=FAILED`,
      };
  }
}
