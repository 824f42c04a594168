import {
  INBOUND_REQUEST_NOT_FOUND,
  ROUTE_EVENT_TYPE_NOT_FOUND,
  ROUTE_FIELD_NOT_FOUND,
  ROUTE_NOT_FOUND,
  RULE_NOT_FOUND,
} from '@wm/contracts';
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { inboundRequests, routeEventTypes, routeFields, routes, rules } from '../../db/schema';
import { applicationInternalResource, type Resource } from './policy';

/**
 * Automation (routes, their event types, fields and inbound requests, rules and their executions) is internal
 * configuration of an application: its members read with canRead, write with canWrite, delete with
 * canDelete; admins do everything; everyone else gets 404, whatever the application's visibility.
 * Creating under an application is checked with applicationInternalAccess.
 */
const FORBIDDEN = 'Você não tem permissão para esta ação nesta aplicação';

export const routeAccess = applicationInternalResource({
  table: routes,
  id: routes.id,
  applicationId: routes.applicationId,
  notFoundMessage: ROUTE_NOT_FOUND,
  forbiddenMessage: FORBIDDEN,
});

/** What a route's ingest URL received: read and reprocessed as the route is. */
export const inboundRequestAccess = applicationInternalResource({
  table: inboundRequests,
  id: inboundRequests.id,
  applicationId: inboundRequests.applicationId,
  notFoundMessage: INBOUND_REQUEST_NOT_FOUND,
  forbiddenMessage: FORBIDDEN,
});

/** Executions are read through their rule. */
export const ruleAccess = applicationInternalResource({
  table: rules,
  id: rules.id,
  applicationId: rules.applicationId,
  notFoundMessage: RULE_NOT_FOUND,
  forbiddenMessage: FORBIDDEN,
});

/** A row of a route (event type, field): its route's application decides. */
function routeChildResource<T extends PgTable>(
  table: T,
  id: PgColumn,
  routeId: PgColumn,
  notFoundMessage: string,
) {
  const resource: Resource<T> = {
    table,
    id,
    notFoundMessage,
    forbiddenMessage: FORBIDDEN,
    inApplications: (ids) =>
      sql`${routeId} IN (SELECT ${routes.id} FROM ${routes} WHERE ${routes.applicationId} IN (${ids}))`,
  };
  return resource;
}

export const routeEventTypeAccess = routeChildResource(
  routeEventTypes,
  routeEventTypes.id,
  routeEventTypes.routeId,
  ROUTE_EVENT_TYPE_NOT_FOUND,
);

export const routeFieldAccess = routeChildResource(
  routeFields,
  routeFields.id,
  routeFields.routeId,
  ROUTE_FIELD_NOT_FOUND,
);
