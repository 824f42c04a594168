import { buildAuthHeaders, MASKED_SECRET } from '@wm/contracts';
import type { PortalSubscription } from './portal-api';

/**
 * The headers a delivery carries, as far as the page can tell them: the body's type, the Standard
 * Webhooks headers (the id is the delivery's; timestamp and signature change with each attempt)
 * and the endpoint's authentication header, its value masked. None is stored with the log, so
 * they come from the endpoint as it is now.
 */
export function describeSentHeaders(
  deliveryId: string,
  httpMethod: string,
  endpoint: Pick<PortalSubscription, 'authType' | 'authDetails'> | undefined,
  perAttempt: string,
): [string, string][] {
  const auth = endpoint ? buildAuthHeaders(endpoint.authType, endpoint.authDetails) : {};
  return [
    ...(httpMethod.toUpperCase() === 'GET' ? [] : [['content-type', 'application/json'] as [string, string]]),
    ['webhook-id', deliveryId],
    ['webhook-timestamp', perAttempt],
    ['webhook-signature', `v1,… (${perAttempt})`],
    ...Object.keys(auth).map((name): [string, string] => [name, MASKED_SECRET]),
  ];
}
