import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useNotifications } from '../api/get-notifications';

/** The header's bell: how many notices are unread, and the way to the list. */
export function NotificationBell() {
  const { data } = useNotifications({ unread: 'true', limit: 1 });
  const unread = data?.unread ?? 0;
  const label = unread === 0 ? 'Avisos' : unread === 1 ? 'Avisos: 1 não lido' : `Avisos: ${unread} não lidos`;
  return (
    <Button variant="ghost" size="icon" className="relative" asChild>
      <Link
        to={paths.notifications.getHref()}
        aria-label={label}
        title={label}
        data-testid="notification-bell"
      >
        <Bell />
        {unread > 0 ? (
          <span
            className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-destructive-foreground"
            data-testid="notification-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
