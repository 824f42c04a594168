import type { TUser } from '@wm/contracts';
import type { users } from '../../db/schema';

/** A user's columns but the password hash (a row, or the session's user). */
type UserRow = Omit<typeof users.$inferSelect, 'passwordHash'>;

/** The public shape of a user; the password hash never leaves the server. */
export function toUserView(user: UserRow): TUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
