import type { RouteMethod } from '@wm/contracts';
import type { AppContext } from '../../context';
import { createChangeCacheOnFirstRead } from '../../db/change-cache';
import { CHANGE_CHANNELS } from '../../db/change-channel';
import type { StoredVerification } from '../../db/schema';
import type { Cipher } from '../../lib/crypto';
import type { IngestTarget, IngestTargets } from './ingest-dependencies';
import { findIngestRouteById, findIngestRouteByToken, listRouteEventTypeAliases } from './queries';
import type { OpenedVerification } from './verify-sender';

/** Routes looked up by token at most; past it the oldest is forgotten. */
const MAX_ENTRIES = 10_000;

/**
 * Routes by ingest token, in this process, emptied by any change to routes or their event types
 * in any process (the rules channel: an edit, a rotation, a new event type). It listens from the
 * first ingest request, so a process that serves none holds no connection for it.
 */
export function createIngestTargets(
  ctx: Pick<AppContext, 'database' | 'db' | 'cipher' | 'logger' | 'localChanges'>,
): IngestTargets {
  const cache = createChangeCacheOnFirstRead<string, IngestTarget | null>(ctx, {
    channel: CHANGE_CHANNELS.rules,
    label: 'ingest routes',
    keyOf: (token) => token,
    load: async (token) => {
      const route = await findIngestRouteByToken(ctx.db, token);
      return route ? toIngestTarget(ctx, route) : null;
    },
    maxEntries: MAX_ENTRIES,
  });
  return { find: (token) => cache.get(token), stop: () => cache.stop() };
}

type IngestRouteRow = NonNullable<Awaited<ReturnType<typeof findIngestRouteByToken>>>;

async function toIngestTarget(
  ctx: Pick<AppContext, 'db' | 'cipher'>,
  route: IngestRouteRow,
): Promise<IngestTarget> {
  const eventTypes = await listRouteEventTypeAliases(ctx.db, route.id);
  return {
    routeId: route.id,
    applicationId: route.applicationId,
    endpoint: route.endpoint,
    method: route.method as RouteMethod,
    isActive: route.isActive,
    verification: openVerification(ctx.cipher, route.verification),
    eventTypeFrom: route.eventTypeFrom,
    eventTypes: new Map(eventTypes.map((eventType) => [eventType.alias, eventType.isActive])),
    schemas: new Map(
      eventTypes
        .filter((eventType) => eventType.schemaValidation !== 'OFF')
        .map((eventType) => [eventType.alias, eventType]),
    ),
  };
}

/** A route read afresh by id (a reprocess reads the route as it is now); null when it is gone. */
export async function loadIngestTargetById(ctx: AppContext, routeId: string): Promise<IngestTarget | null> {
  const route = await findIngestRouteById(ctx.db, routeId);
  return route ? toIngestTarget(ctx, route) : null;
}

function openVerification(cipher: Cipher, stored: StoredVerification | null): OpenedVerification | null {
  if (!stored) return null;
  const open = (value: string | undefined) => (value === undefined ? undefined : cipher.open(value));
  return {
    ...stored,
    secret: open(stored.secret),
    password: open(stored.password),
    value: open(stored.value),
  };
}
