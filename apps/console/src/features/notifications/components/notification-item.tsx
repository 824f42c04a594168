import type { TNotification } from '@wm/contracts';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** One notice: what happened, when, where to look, and 'Marcar como lida' while unread. */
export function NotificationItem({
  notification,
  onRead,
  isReading,
}: {
  notification: TNotification;
  onRead: (id: string) => void;
  isReading: boolean;
}) {
  const isUnread = notification.readAt === null;
  return (
    <li
      className={cn(
        'flex flex-col gap-2 border-b py-4 last:border-b-0 sm:flex-row sm:items-start',
        isUnread && 'font-medium',
      )}
      data-testid="notification-item"
      data-unread={isUnread}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex items-center gap-2">
          {isUnread ? (
            <span className="size-2 shrink-0 rounded-full bg-primary" title="Não lido" aria-hidden="true" />
          ) : null}
          <Link to={notification.link} className="hover:underline">
            {notification.title}
          </Link>
        </p>
        <p className="text-sm font-normal text-muted-foreground">{notification.message}</p>
        <p className="text-xs font-normal text-muted-foreground">{formatDateTime(notification.createdAt)}</p>
      </div>
      {isUnread ? (
        <Button variant="outline" size="sm" disabled={isReading} onClick={() => onRead(notification.id)}>
          <Check />
          Marcar como lida
        </Button>
      ) : null}
    </li>
  );
}
