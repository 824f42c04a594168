import type { VerificationType } from '@wm/contracts';
import { getPath } from '@wm/rules';
import { type InboundHeaders, readHeaderValue } from './verify-sender';

/** Longest sender's delivery id kept (the idempotency key's limit). */
export const MAX_DELIVERY_ID_LENGTH = 255;

/**
 * The id the sender gives each delivery and keeps on a redelivery: GitHub's `X-GitHub-Delivery`,
 * the Stripe event's `id`, Standard Webhooks' `webhook-id` (Svix's `svix-id`); else, for any
 * type, an `Idempotency-Key` header. Null when there is none: such requests are never duplicates.
 */
export function readDeliveryId(
  type: VerificationType | null,
  headers: InboundHeaders,
  data: unknown,
): string | null {
  const fromSender =
    type === 'GITHUB'
      ? readHeaderValue(headers, 'x-github-delivery')
      : type === 'STRIPE'
        ? stringAt(data, 'id')
        : type === 'STANDARD_WEBHOOKS'
          ? (readHeaderValue(headers, 'webhook-id') ?? readHeaderValue(headers, 'svix-id'))
          : undefined;
  const id = (fromSender ?? readHeaderValue(headers, 'idempotency-key'))?.trim();
  return id ? id : null;
}

function stringAt(data: unknown, path: string): string | undefined {
  const found = getPath(data, path);
  return found.found && typeof found.value === 'string' ? found.value : undefined;
}
