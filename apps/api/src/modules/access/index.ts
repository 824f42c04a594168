// The one access policy: who may read, write and delete what. Services import from here only.

export {
  inboundRequestAccess,
  routeAccess,
  routeEventTypeAccess,
  routeFieldAccess,
  ruleAccess,
} from './automation';
export { requireMembersAccess } from './members';
export { ownedApplicationNames, readableMemberships } from './membership';
export {
  managedOperationalEndpointsWhere,
  NOTIFICATION_NOT_FOUND,
  OPERATIONAL_ENDPOINT_NOT_FOUND,
  ownNotificationsWhere,
} from './personal';
export {
  type Access,
  applicationInternalResource,
  findAccess,
  memberColumn,
  memberWhere,
  type Need,
  type Permissions,
  type Resource,
  requireAccess,
  rowPermissions,
  visibleWhere,
} from './policy';
export {
  APPLICATION_NOT_FOUND,
  applicationAccess,
  applicationInternalAccess,
  DELIVERY_LOG_NOT_FOUND,
  deliveryLogAccess,
  EVENT_LOG_NOT_FOUND,
  EVENT_NOT_FOUND,
  eventAccess,
  eventLogAccess,
  FULL_PERMISSIONS,
  SUBSCRIPTION_NOT_FOUND,
  subscriptionAccess,
} from './resources';
