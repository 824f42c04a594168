import type { TEvent } from '@wm/contracts';
import { Eye, Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { IconLinkButton } from '@/components/icon-link-button';
import { Badge } from '@/components/ui/badge';
import { ShortId } from '@/components/ui/short-id';
import { EntityStatusBadge, VisibilityBadge } from '@/components/ui/status-badges';
import { type Column, DataTable } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { DeleteEventButton } from './delete-event-button';
import { QUEUE_TYPE_LABELS } from './event-labels';

const columns: Column<TEvent>[] = [
  {
    header: 'Nome',
    cell: (event) => (
      <div className="grid">
        <Link to={paths.events.detail.getHref(event.id)} className="font-medium hover:underline">
          {event.name}
        </Link>
        <ShortId id={event.id} className="text-muted-foreground" />
      </div>
    ),
  },
  { header: 'Alias', cell: (event) => <code className="text-xs">{event.alias}</code> },
  {
    header: 'Aplicação',
    cell: (event) => (
      <Link to={paths.applications.detail.getHref(event.application.id)} className="hover:underline">
        {event.application.name}
      </Link>
    ),
  },
  { header: 'Status', cell: (event) => <EntityStatusBadge status={event.status} /> },
  { header: 'Visibilidade', cell: (event) => <VisibilityBadge visibility={event.visibility} /> },
  { header: 'Fila', cell: (event) => <Badge variant="outline">{QUEUE_TYPE_LABELS[event.queueType]}</Badge> },
  {
    header: 'Assinaturas',
    cell: (event) => (
      <Link to={paths.subscriptions.list.getHref({ eventId: event.id })} className="hover:underline">
        {event._count.subscriptions}
      </Link>
    ),
  },
  {
    header: 'Callbacks',
    cell: (event) => (
      <Badge variant={event.enableCallbacks ? 'success' : 'default'}>
        {event.enableCallbacks ? 'Ativo' : 'Inativo'}
      </Badge>
    ),
  },
  {
    header: 'Ações',
    className: 'text-right',
    isActions: true,
    cell: (event) => (
      <div className="flex justify-end gap-1">
        <IconLinkButton to={paths.events.detail.getHref(event.id)} label="Ver evento">
          <Eye />
        </IconLinkButton>
        {event.permissions.canWrite ? (
          <IconLinkButton to={paths.events.edit.getHref(event.id)} label="Editar evento">
            <Pencil />
          </IconLinkButton>
        ) : null}
        <IconLinkButton to={paths.subscriptions.new.getHref({ eventId: event.id })} label="Criar assinatura">
          <Plus />
        </IconLinkButton>
        {event.permissions.canDelete ? <DeleteEventButton record={event} /> : null}
      </div>
    ),
  },
];

export function EventsTable({
  events,
  isLoading,
  empty,
}: {
  events: TEvent[] | undefined;
  isLoading: boolean;
  empty: React.ReactNode;
}) {
  return (
    <DataTable
      columns={columns}
      data={events}
      isLoading={isLoading}
      getRowKey={(event) => event.id}
      empty={empty}
    />
  );
}
