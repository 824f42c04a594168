import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { OPERATIONAL_APPLICATION_ID, OPERATIONAL_EVENT_ID } from '../../db/operational-system';
import { applications, deliveryLogs, eventLogs, events, subscriptions } from '../../db/schema';
import type { ConsumerScope } from '../../domain/consumer-scope';
import type { SessionUser } from '../../domain/session-user';
import { applicationInternalResource, type Permissions, type Resource } from './policy';

export const APPLICATION_NOT_FOUND = 'Aplicação não encontrada';
export const EVENT_NOT_FOUND = 'Evento não encontrado';
export const SUBSCRIPTION_NOT_FOUND = 'Assinatura não encontrada';
export const DELIVERY_LOG_NOT_FOUND = 'Log não encontrado';
export const EVENT_LOG_NOT_FOUND = 'Log de evento não encontrado';

/** What the creator of an application, or an admin, may do on it. */
export const FULL_PERMISSIONS: Permissions = {
  isOwner: true,
  canRead: true,
  canWrite: true,
  canDelete: true,
};

const publicApplicationIds = sql`SELECT ${applications.id} FROM ${applications} WHERE ${applications.visibility} = 'PUBLIC'`;

/** Members see their applications; every signed-in user sees (and only reads) PUBLIC ones. */
export const applicationAccess: Resource<typeof applications> = {
  table: applications,
  id: applications.id,
  notFoundMessage: APPLICATION_NOT_FOUND,
  forbiddenMessage: 'Você não tem permissão para esta ação nesta aplicação',
  inApplications: (ids) => sql`${applications.id} IN (${ids})`,
  readableByAnyone: eq(applications.visibility, 'PUBLIC'),
  isInternal: eq(applications.id, OPERATIONAL_APPLICATION_ID),
};

/**
 * The application as its internal configuration (automation routes, rules...) sees it: for
 * creating such a resource under an application. Members only, by their permissions; outsiders
 * get 404 even when the application is PUBLIC.
 */
export const applicationInternalAccess = applicationInternalResource({
  table: applications,
  id: applications.id,
  applicationId: applications.id,
  notFoundMessage: APPLICATION_NOT_FOUND,
  forbiddenMessage: applicationAccess.forbiddenMessage,
  isInternal: applicationAccess.isInternal,
});

/**
 * Events follow their application's membership. Outsiders read an event only when both it and its
 * application are PUBLIC: a PRIVATE application hides its events whatever their own visibility.
 */
export const eventAccess: Resource<typeof events> = {
  table: events,
  id: events.id,
  notFoundMessage: EVENT_NOT_FOUND,
  forbiddenMessage: 'Você não tem permissão para esta ação neste evento',
  inApplications: (ids) => sql`${events.applicationId} IN (${ids})`,
  readableByAnyone: sql`(${events.visibility} = 'PUBLIC' AND ${events.applicationId} IN (${publicApplicationIds}))`,
  inConsumerScope: (scope) => eventsInScope(scope),
  isInternal: eq(events.applicationId, OPERATIONAL_APPLICATION_ID),
};

/** The application's events a consumer may subscribe to: all, or those of its session's aliases. */
function eventsInScope(scope: ConsumerScope) {
  return and(
    eq(events.applicationId, scope.applicationId),
    scope.eventAliases ? inArray(events.alias, scope.eventAliases) : undefined,
  ) as SQL;
}

/**
 * SQL: the subscription is the consumer's, to an event it may see (in or out of a subquery alike).
 * The events in scope are an array computed once (`= ANY(ARRAY(…))`), not `IN (SELECT …)`: the
 * planner turned that into a join driven by the few events, read every subscription of each and
 * sorted them all (a consumer owning 10,000: 100 ms a page), instead of walking the consumer's
 * index newest first and stopping at the page.
 */
const isConsumersSubscription = (scope: ConsumerScope) =>
  sql`(${subscriptions.consumerApplicationId} = ${scope.applicationId} AND ${subscriptions.consumerId} = ${scope.consumerId} AND ${subscriptions.eventId} = ANY(ARRAY(SELECT ${events.id} FROM ${events} WHERE ${eventsInScope(scope)})))`;

const eventIdsOf = (applicationIds: SQL) =>
  sql`SELECT ${events.id} FROM ${events} WHERE ${events.applicationId} IN (${applicationIds})`;

/**
 * A subscription is its creator's (who may read, edit and delete it) and its event's
 * application's (members by their permissions); nobody else sees it.
 */
export const subscriptionAccess: Resource<typeof subscriptions> = {
  table: subscriptions,
  id: subscriptions.id,
  notFoundMessage: SUBSCRIPTION_NOT_FOUND,
  forbiddenMessage: 'Você não tem permissão para esta ação nesta assinatura',
  inApplications: (ids) => sql`${subscriptions.eventId} IN (${eventIdsOf(ids)})`,
  ownedBy: (user: SessionUser) => eq(subscriptions.createdBy, user.id),
  inConsumerScope: isConsumersSubscription,
  isInternal: eq(subscriptions.isOperational, true),
};

/** A delivery log is read, and retried, as its subscription is. */
export const deliveryLogAccess: Resource<typeof deliveryLogs> = {
  table: deliveryLogs,
  id: deliveryLogs.id,
  notFoundMessage: DELIVERY_LOG_NOT_FOUND,
  forbiddenMessage: subscriptionAccess.forbiddenMessage,
  inApplications: (ids) =>
    sql`${deliveryLogs.subscriptionId} IN (SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${subscriptions.eventId} IN (${eventIdsOf(ids)}))`,
  ownedBy: (user: SessionUser) =>
    sql`${deliveryLogs.subscriptionId} IN (SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${subscriptions.createdBy} = ${user.id})`,
  inConsumerScope: (scope) =>
    sql`${deliveryLogs.subscriptionId} IN (SELECT ${subscriptions.id} FROM ${subscriptions} WHERE ${isConsumersSubscription(scope)})`,
  isInternal: eq(deliveryLogs.eventId, OPERATIONAL_EVENT_ID),
};

/** Event logs hold what the application's callers sent: its members only; reprocessing needs write. */
export const eventLogAccess = applicationInternalResource({
  table: eventLogs,
  id: eventLogs.id,
  applicationId: eventLogs.applicationId,
  notFoundMessage: EVENT_LOG_NOT_FOUND,
  forbiddenMessage: 'Você não tem permissão para reprocessar este evento',
});
