import type { AppContext } from '../../context';
import { forbidden } from '../../domain/errors';
import type { SessionUser } from '../../domain/session-user';
import { requireAccess } from './policy';
import { applicationAccess } from './resources';

/**
 * Who may do what with an application's members: its members (and admins) list them, outsiders
 * of a PUBLIC application may not (403); the owner (or an admin) adds, changes and removes them;
 * anyone who sees the application may leave it. 404 when the application is not visible.
 */
export async function requireMembersAccess(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
  action: 'list' | 'manage' | 'leave',
) {
  const need = action === 'manage' ? 'owner' : 'read';
  const access = await requireAccess(ctx, user, applicationAccess, applicationId, need);
  if (action === 'list' && !access.isMember) {
    throw forbidden('Apenas membros podem ver os membros desta aplicação');
  }
  return access;
}
