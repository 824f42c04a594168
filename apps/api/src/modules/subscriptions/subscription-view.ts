import { hideWriteOnlyAuthFields, type TSubscription } from '@wm/contracts';
import type { events, subscriptions } from '../../db/schema';
import type { Cipher } from '../../lib/crypto';
import { openAuthDetails } from '../../lib/sealed-auth-details';
import { toClientTlsView } from './client-tls';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type EventRow = Pick<typeof events.$inferSelect, 'id' | 'name' | 'alias' | 'applicationId'>;

/** Auth details and the signing secret only for callers who may edit the subscription (decrypted for them). */
type CircuitColumns = { state: string | null; openUntil: Date | null } | null;

/** A subscription without a circuit row has never failed: CLOSED. */
export const toCircuitView = (circuit: CircuitColumns): TSubscription['circuit'] => ({
  state: (circuit?.state ?? 'CLOSED') as TSubscription['circuit']['state'],
  openUntil: circuit?.state === 'OPEN' ? (circuit.openUntil?.toISOString() ?? null) : null,
});

export function toSubscriptionView(
  cipher: Cipher,
  row: SubscriptionRow,
  event: EventRow,
  permissions: { canWrite: boolean; canDelete: boolean },
  circuit: CircuitColumns = null,
): TSubscription {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    status: row.status as TSubscription['status'],
    targetUrl: row.targetUrl,
    httpMethod: row.httpMethod as TSubscription['httpMethod'],
    authType: row.authType as TSubscription['authType'],
    authDetails: permissions.canWrite
      ? hideWriteOnlyAuthFields(openAuthDetails(cipher, row.authDetails))
      : null,
    secret: permissions.canWrite ? cipher.open(row.secret) : null,
    clientTls: toClientTlsView(row.clientTls),
    jsonBody: row.jsonBody,
    filters: row.filters as TSubscription['filters'],
    attempts: row.attempts,
    disabledReason: row.status === 'FAILED' ? (row.disabledReason as TSubscription['disabledReason']) : null,
    disabledAt: row.status === 'FAILED' ? (row.disabledAt?.toISOString() ?? null) : null,
    rateLimitPerSecond: row.rateLimitPerSecond,
    maxInFlight: row.maxInFlight,
    fifoOnFailure: row.fifoOnFailure,
    circuit: toCircuitView(circuit),
    _count: { attempts: row.attempts },
    event: { id: event.id, name: event.name, alias: event.alias, applicationId: event.applicationId },
    consumerId: row.consumerId,
    permissions: { canWrite: Boolean(permissions.canWrite), canDelete: Boolean(permissions.canDelete) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
