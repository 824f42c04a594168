import { eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { notifications, operationalEndpoints } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';
import { applicationIdsGranting } from './membership';

export const NOTIFICATION_NOT_FOUND = 'Notificação não encontrada';

/**
 * WHERE fragment: the notifications addressed to `user`. A notice belongs to one person alone:
 * only they see it, admins included; anyone else's answers 404.
 */
export function ownNotificationsWhere(user: SessionUser): SQL {
  return eq(notifications.userId, user.id);
}

export const OPERATIONAL_ENDPOINT_NOT_FOUND = 'Webhook operacional não encontrado';

/**
 * WHERE fragment: the operational endpoints `user` manages: their own, and those of the
 * applications they may write to (admins: every application's). Another user's own endpoint is
 * nobody else's, admins included; anything not let through answers 404.
 */
export function managedOperationalEndpointsWhere(user: SessionUser): SQL {
  const ofApplications = user.isAdmin
    ? isNotNull(operationalEndpoints.applicationId)
    : sql`${operationalEndpoints.applicationId} IN (${applicationIdsGranting(user, 'write')})`;
  return or(eq(operationalEndpoints.userId, user.id), ofApplications) as SQL;
}
