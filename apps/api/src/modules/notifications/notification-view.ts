import type { OperationalEventType, TNotification } from '@wm/contracts';
import type { NotificationRow } from './queries';

/** A stored notification as the API answers it. */
export function toNotificationView(row: NotificationRow): TNotification {
  return {
    id: row.id,
    type: row.type as OperationalEventType,
    title: row.title,
    message: row.message,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
