import { hideWriteOnlyAuthFields, type TEventSubscriptionSummary } from '@wm/contracts';
import type { subscriptions } from '../../db/schema';
import type { Cipher } from '../../lib/crypto';
import { openAuthDetails } from '../../lib/sealed-auth-details';

/**
 * A subscription as listed on its event's detail: never its signing secret; its auth details only
 * to those who may edit it (the processing test sends with them from the browser).
 */
export function toEventSubscriptionSummary(
  cipher: Cipher,
  row: typeof subscriptions.$inferSelect,
  canSeeAuth: boolean,
): TEventSubscriptionSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    targetUrl: row.targetUrl,
    httpMethod: row.httpMethod,
    authType: row.authType,
    authDetails: canSeeAuth ? hideWriteOnlyAuthFields(openAuthDetails(cipher, row.authDetails)) : null,
    filters: row.filters,
    jsonBody: row.jsonBody,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
  };
}
