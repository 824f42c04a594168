import type { TEventSubscriptionSummary } from '@wm/contracts';
import type { subscriptions } from '../../db/schema';

/** A subscription as listed on its event's detail: no auth details, no secret. */
export function toEventSubscriptionSummary(
  row: typeof subscriptions.$inferSelect,
): TEventSubscriptionSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    targetUrl: row.targetUrl,
    httpMethod: row.httpMethod,
    authType: row.authType,
    filters: row.filters,
    jsonBody: row.jsonBody,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
  };
}
