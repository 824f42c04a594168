import { BellOff, CheckCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Switch } from '@/components/ui/switch';
import { useListState } from '@/lib/use-list-state';
import { useNotifications } from '../api/get-notifications';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useReadNotification } from '../api/read-notification';
import { NotificationItem } from '../components/notification-item';

/** The notification centre: what happened to the user's endpoints and routes, newest first. */
export default function NotificationsPage() {
  const list = useListState({ filters: ['unread'] });
  const isUnreadOnly = list.filters.unread === 'true';
  const query = useNotifications({ page: list.page, unread: isUnreadOnly ? 'true' : undefined });
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const notifications = query.data?.data ?? [];
  const unread = query.data?.unread ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Avisos"
        description="Assinaturas desativadas, circuitos abertos, entregas que falharam e remetentes recusados nas suas rotas."
        actions={
          <Button onClick={() => readAll.mutate()} disabled={readAll.isPending || unread === 0}>
            <CheckCheck />
            Marcar todas como lidas
          </Button>
        }
      />
      <Card>
        <CardContent>
          <div className="flex items-center gap-2 py-3 text-sm">
            <Switch
              id="unread-only"
              checked={isUnreadOnly}
              onCheckedChange={(isChecked) => list.setFilters({ unread: isChecked ? 'true' : undefined })}
            />
            <label htmlFor="unread-only">Só não lidos ({unread})</label>
          </div>
          <LoadedOrError query={query} title="Não foi possível carregar os avisos">
            {notifications.length === 0 && !query.isLoading ? (
              <EmptyState
                icon={<BellOff />}
                title={isUnreadOnly ? 'Nenhum aviso não lido' : 'Nenhum aviso'}
                description="Você é avisado aqui quando um destino seu para de responder."
              />
            ) : (
              <ul data-testid="notification-list">
                {notifications.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    onRead={(id) => read.mutate(id)}
                    isReading={read.isPending}
                  />
                ))}
              </ul>
            )}
            <Pager
              page={list.page}
              totalPages={query.data?.pagination.totalPages ?? 1}
              onPageChange={list.setPage}
            />
          </LoadedOrError>
        </CardContent>
      </Card>
    </div>
  );
}
