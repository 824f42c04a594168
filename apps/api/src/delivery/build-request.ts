import { buildAuthHeaders } from '@wm/contracts';
import { signWebhook } from '@wm/standard-webhooks';
import type { AuthDetails } from '../db/schema/applications';
import type { OutboundProxy } from './outbound-proxy';
import type { ClientTlsOptions, OutboundRequest } from './sender';

export type DeliveryTarget = {
  deliveryId: string;
  targetUrl: string;
  httpMethod: string;
  authType: string;
  authDetails: AuthDetails | null;
  secret: string;
  payload: unknown;
  /** Mutual TLS, opened; null: none. */
  tls?: ClientTlsOptions | null;
  /** The application's own egress proxy, opened; absent: the global one. */
  proxy?: OutboundProxy | undefined;
};

/** The signed HTTP request of one delivery attempt (Standard Webhooks headers; no body for GET). */
export function buildDeliveryRequest(target: DeliveryTarget, now: Date): OutboundRequest {
  const method = target.httpMethod.toUpperCase();
  const body = method === 'GET' ? null : JSON.stringify(target.payload ?? null);
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    url: target.targetUrl,
    method,
    body,
    tls: target.tls ?? null,
    ...(target.proxy ? { proxy: target.proxy } : {}),
    headers: {
      ...(body === null ? {} : { 'content-type': 'application/json' }),
      'user-agent': 'webhook-manager/1.0',
      ...buildAuthHeaders(target.authType, target.authDetails),
      'webhook-id': target.deliveryId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(target.secret, target.deliveryId, timestamp, body ?? ''),
    },
  };
}
