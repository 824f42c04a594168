import type { TNotification, TNotificationListQuery, TNotificationListResponse } from '@wm/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../domain/errors';
import { pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { NOTIFICATION_NOT_FOUND, ownNotificationsWhere } from '../access';
import { toNotificationView } from './notification-view';
import {
  countUnreadNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  selectNotificationPage,
} from './queries';

/** The signed-in user's notifications, newest first, with their unread count (the bell's). */
export async function listNotifications(
  ctx: AppContext,
  user: SessionUser,
  query: TNotificationListQuery,
): Promise<TNotificationListResponse> {
  const owned = ownNotificationsWhere(user);
  const [page, unread] = await Promise.all([
    selectNotificationPage(ctx.db, owned, query.unread === true, {
      offset: pageOffset(query.page, query.limit),
      limit: query.limit,
    }),
    countUnreadNotifications(ctx.db, owned),
  ]);
  return {
    data: page.rows.map(toNotificationView),
    pagination: toPagination(query.page, query.limit, page.total),
    unread,
  };
}

/** Marks one of the user's notifications read; another user's answers 404. */
export async function readNotification(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TNotification> {
  const row = await markNotificationRead(ctx.db, ownNotificationsWhere(user), id, ctx.clock());
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return toNotificationView(row);
}

/** Marks all the user's notifications read. */
export async function readAllNotifications(ctx: AppContext, user: SessionUser) {
  const marked = await markAllNotificationsRead(ctx.db, ownNotificationsWhere(user), ctx.clock());
  return { data: { marked, unread: 0 } };
}
