import type { TEmitRequest } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../domain/session-user';
import { applicationAccess, applicationInternalAccess, requireAccess } from '../access';

const CREDENTIAL_HEADERS = new Set(['authorization', 'x-api-key', 'cookie', 'proxy-authorization']);

export type EmitInput = TEmitRequest & {
  headers: Record<string, string | string[] | undefined>;
  idempotencyKey?: string;
  /**
   * The key is almost always new (a rule's action: one key per event log and rule), so the
   * lookup of an earlier answer is left to the insert refusing a repeat, saving a round trip.
   */
  isKeyLikelyNew?: boolean;
  /** W3C traceparent the emit's span continues: the request's header, or a rule run's span. */
  traceparent?: string | null;
};

/**
 * Request headers as stored with the occurrence: credentials never kept, nor the headers named in
 * `secretNames` (lowercase; a route's API key header, say).
 */
export function storableHeaders(
  headers: EmitInput['headers'],
  secretNames: readonly string[] = [],
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || CREDENTIAL_HEADERS.has(lower) || secretNames.includes(lower)) continue;
    kept[lower] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/**
 * What an emit route takes from the request headers: all of them (for filters), the
 * Idempotency-Key, whose length the route's `ZEmitHeaders` schema has checked, and the W3C
 * `traceparent` the emit's span continues (one that does not parse starts a new trace).
 */
export function readEmitHeaders(headers: EmitInput['headers']) {
  const { 'idempotency-key': idempotencyHeader, traceparent } = headers;
  return {
    headers,
    idempotencyKey:
      typeof idempotencyHeader === 'string' && idempotencyHeader ? idempotencyHeader : undefined,
    traceparent: typeof traceparent === 'string' ? traceparent : undefined,
  };
}

/**
 * Who emits through a route: the application's key (its hash, checked against the application by
 * the emit's own read), or a signed-in user, who needs write permission on the application. An
 * emit with neither comes from inside (a rule's action).
 */
export type Emitter = { apiKeyHash?: string; user?: SessionUser };

export async function authorizeEmitter(
  ctx: AppContext,
  emitter: Emitter,
  applicationId: string,
  resource: typeof applicationAccess | typeof applicationInternalAccess = applicationAccess,
) {
  if (emitter.user) await requireAccess(ctx, emitter.user, resource, applicationId, 'write');
}

/**
 * Rules are the application's internal configuration: an outsider emitting to them gets 404
 * whatever the application's visibility, as for the rules themselves (a PUBLIC application is
 * visible to every signed-in user, which made the emit answer 403 there and reveal it).
 */
export function authorizeRulesEmitter(ctx: AppContext, emitter: Emitter, applicationId: string) {
  return authorizeEmitter(ctx, emitter, applicationId, applicationInternalAccess);
}
