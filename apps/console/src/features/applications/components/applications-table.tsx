import type { TApplicationListItem } from '@wm/contracts';
import { Eye, Pencil, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DeleteIcon } from '@/components/ui/delete-icon';
import { ShortId } from '@/components/ui/short-id';
import { ApplicationVisibilityBadge } from '@/components/ui/status-badges';
import { type Column, DataTable } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { ApiKeyField } from './api-key-field';
import { CallbackSummary } from './auth-type-badge';

type Row = TApplicationListItem;

export function ApplicationsTable({
  data,
  isLoading,
  empty,
  onRegenerate,
  onDelete,
}: {
  data: Row[] | undefined;
  isLoading: boolean;
  empty: React.ReactNode;
  onRegenerate: (application: Row) => void;
  onDelete: (application: Row) => void;
}) {
  const columns: Column<Row>[] = [
    {
      header: 'Nome',
      cell: (app) => (
        <div className="flex flex-col gap-1">
          <Link to={paths.applications.detail.getHref(app.id)} className="font-medium hover:underline">
            {app.name}
          </Link>
          <div className="flex items-center gap-2">
            <ShortId id={app.id} className="text-muted-foreground" />
            <ApplicationVisibilityBadge visibility={app.visibility} />
          </div>
        </div>
      ),
    },
    {
      header: 'API Key',
      cell: (app) => (
        <ApiKeyField
          applicationId={app.id}
          apiKeyPrefix={app.apiKeyPrefix}
          canReveal={app.permissions.canWrite}
        />
      ),
    },
    {
      header: 'Eventos',
      cell: (app) => (
        <Link
          to={paths.events.list.getHref({ applicationId: app.id })}
          className="text-primary hover:underline"
          title={`Ver os eventos de ${app.name}`}
        >
          {app._count.events}
        </Link>
      ),
    },
    {
      header: 'Callback URL',
      cell: (app) => <CallbackSummary url={app.callbackUrl} authType={app.callbackAuthType} />,
    },
    {
      header: 'Ações',
      className: 'text-right',
      isActions: true,
      cell: (app) => (
        <div className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="icon" className="size-8" title="Ver detalhes">
            <Link to={paths.applications.detail.getHref(app.id)} aria-label={`Ver detalhes de ${app.name}`}>
              <Eye />
            </Link>
          </Button>
          {app.permissions.canWrite ? (
            <Button asChild variant="ghost" size="icon" className="size-8" title="Editar">
              <Link to={paths.applications.edit.getHref(app.id)} aria-label={`Editar ${app.name}`}>
                <Pencil />
              </Link>
            </Button>
          ) : null}
          {app.permissions.isOwner ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              title="Regenerar API Key"
              aria-label={`Regenerar API Key de ${app.name}`}
              onClick={() => onRegenerate(app)}
            >
              <RefreshCw />
            </Button>
          ) : null}
          {app.permissions.canDelete ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:text-destructive"
              title="Deletar"
              aria-label={`Deletar ${app.name}`}
              onClick={() => onDelete(app)}
            >
              <DeleteIcon />
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      data={data}
      isLoading={isLoading}
      getRowKey={(app) => app.id}
      empty={empty}
    />
  );
}
