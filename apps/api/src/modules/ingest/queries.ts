import type { TInboundRequestListQuery } from '@wm/contracts';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { eventLogs, inboundRequests, routeEventTypes, routes } from '../../db/schema';
import { pageOffset } from '../../domain/pagination';

type InboundRequestColumns = typeof inboundRequests.$inferInsert;

const ingestRouteColumns = {
  id: routes.id,
  applicationId: routes.applicationId,
  endpoint: routes.endpoint,
  method: routes.method,
  isActive: routes.isActive,
  verification: routes.verification,
  eventTypeFrom: routes.eventTypeFrom,
};

/** The route whose ingest URL carries `token`, as the ingest endpoint needs it. */
export async function findIngestRouteByToken(db: Database, token: string) {
  const [row] = await db
    .select(ingestRouteColumns)
    .from(routes)
    .where(eq(routes.ingestToken, token))
    .limit(1);
  return row;
}

export async function findIngestRouteById(db: Database, id: string) {
  const [row] = await db.select(ingestRouteColumns).from(routes).where(eq(routes.id, id)).limit(1);
  return row;
}

/** The route's event types (alias and whether active). */
export function listRouteEventTypeAliases(db: Database, routeId: string) {
  return db
    .select({
      id: routeEventTypes.id,
      alias: routeEventTypes.alias,
      isActive: routeEventTypes.isActive,
      schemaValidation: routeEventTypes.schemaValidation,
      schemaVersion: routeEventTypes.schemaVersion,
      // A type that checks nothing does not carry its schema into the cache.
      schema: sql<Record<
        string,
        unknown
      > | null>`CASE WHEN ${routeEventTypes.schemaValidation} <> 'OFF' THEN ${routeEventTypes.schema} END`,
    })
    .from(routeEventTypes)
    .where(eq(routeEventTypes.routeId, routeId))
    .orderBy(asc(routeEventTypes.createdAt));
}

/** A request that made no event log (refused or ignored), kept as received. */
export async function insertInboundRequest(db: Database, values: InboundRequestColumns) {
  await db.insert(inboundRequests).values(values);
}

const listColumns = {
  id: inboundRequests.id,
  routeId: inboundRequests.routeId,
  method: inboundRequests.method,
  path: inboundRequests.path,
  contentType: inboundRequests.contentType,
  sizeBytes: inboundRequests.sizeBytes,
  verificationType: inboundRequests.verificationType,
  isVerified: inboundRequests.isVerified,
  verificationError: inboundRequests.verificationError,
  status: inboundRequests.status,
  errorMessage: inboundRequests.errorMessage,
  eventType: inboundRequests.eventType,
  deliveryId: inboundRequests.deliveryId,
  eventLogId: inboundRequests.eventLogId,
  createdAt: inboundRequests.createdAt,
};

/** One page of the route's requests, newest first (without headers and bodies). */
export function selectInboundRequestPage(db: Database, routeId: string, query: TInboundRequestListQuery) {
  return db
    .select(listColumns)
    .from(inboundRequests)
    .where(eq(inboundRequests.routeId, routeId))
    .orderBy(desc(inboundRequests.createdAt), desc(inboundRequests.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

export async function countInboundRequests(db: Database, routeId: string): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(inboundRequests)
    .where(eq(inboundRequests.routeId, routeId));
  return Number(total?.n ?? 0);
}

/** A request with its route's name. */
export async function findInboundRequestDetail(db: Database, id: string) {
  const [row] = await db
    .select({ request: inboundRequests, routeName: routes.name })
    .from(inboundRequests)
    .innerJoin(routes, eq(routes.id, inboundRequests.routeId))
    .where(eq(inboundRequests.id, id))
    .limit(1);
  return row;
}

/** The event logs of these ids that still exist (retention drops old ones), with their outcome. */
export function selectEventLogOutcomes(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: eventLogs.id,
      status: eventLogs.status,
      errorMessage: eventLogs.errorMessage,
      eventType: eventLogs.eventType,
      createdAt: eventLogs.createdAt,
    })
    .from(eventLogs)
    .where(inArray(eventLogs.id, ids));
}
