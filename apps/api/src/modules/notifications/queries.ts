import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** A page of the notifications `owned` lets through, newest first, with their total. */
export async function selectNotificationPage(
  db: Database,
  owned: SQL,
  isUnreadOnly: boolean,
  page: { offset: number; limit: number },
) {
  const where = and(owned, isUnreadOnly ? isNull(notifications.readAt) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function countUnreadNotifications(db: Database, owned: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(owned, isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one notification read (a read one keeps its first reading time); undefined when not found. */
export async function markNotificationRead(
  db: Database,
  owned: SQL,
  id: string,
  now: Date,
): Promise<NotificationRow | undefined> {
  const [unread] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(owned, eq(notifications.id, id), isNull(notifications.readAt)))
    .returning();
  if (unread) return unread;
  const [read] = await db
    .select()
    .from(notifications)
    .where(and(owned, eq(notifications.id, id)))
    .limit(1);
  return read;
}

/** Marks every unread notification `owned` lets through as read; answers how many. */
export async function markAllNotificationsRead(db: Database, owned: SQL, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(owned, isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
