import {
  subscriptionFormToRequest,
  type TSubscription,
  type TSubscriptionForm,
  type TUpdateSubscriptionRequest,
} from '@wm/contracts';
import { toJsonBodyText } from '@/lib/json-body-text';

export const NEW_SUBSCRIPTION_BODY =
  '{\n  "eventId": "#eventId#",\n  "eventName": "#eventName#",\n  "timestamp": "#timestamp#",\n  "data": "#data#"\n}';

/** A new subscription's form starts with POST and no authentication. */
export const newSubscriptionFormValues = (eventId = ''): TSubscriptionForm => ({
  eventId,
  name: '',
  targetUrl: '',
  status: 'ACTIVE',
  httpMethod: 'POST',
  authType: 'NONE',
  authDetails: {},
  jsonBody: NEW_SUBSCRIPTION_BODY,
  filters: [],
  rateLimitPerSecond: '',
  maxInFlight: '',
  fifoOnFailure: 'CONTINUE',
});

const limitText = (value: number | null) => (value === null ? '' : String(value));

export const subscriptionToFormValues = (subscription: TSubscription): TSubscriptionForm => ({
  eventId: subscription.eventId,
  name: subscription.name,
  targetUrl: subscription.targetUrl,
  status: subscription.status,
  httpMethod: subscription.httpMethod,
  authType: subscription.authType,
  authDetails: subscription.authDetails ?? {},
  jsonBody: toJsonBodyText(subscription.jsonBody),
  filters: subscription.filters.map((filter) => ({ ...filter })),
  rateLimitPerSecond: limitText(subscription.rateLimitPerSecond),
  maxInFlight: limitText(subscription.maxInFlight),
  fifoOnFailure: subscription.fifoOnFailure,
});

/**
 * PUT payload: the create payload with the chosen status, an emptied body and removed filters
 * cleared explicitly.
 */
export const subscriptionFormToUpdate = (form: TSubscriptionForm): TUpdateSubscriptionRequest => ({
  ...subscriptionFormToRequest(form),
  ...(form.status ? { status: form.status } : {}),
  jsonBody: form.jsonBody.trim() ? JSON.parse(form.jsonBody) : null,
  filters: form.filters,
});
