import { eq, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';

export const NOTIFICATION_NOT_FOUND = 'Notificação não encontrada';

/**
 * WHERE fragment: the notifications addressed to `user`. A notice belongs to one person alone:
 * only they see it, admins included; anyone else's answers 404.
 */
export function ownNotificationsWhere(user: SessionUser): SQL {
  return eq(notifications.userId, user.id);
}
