import type { TSubscription } from '@wm/contracts';
import { Eye, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AUTH_TYPE_LABELS } from '@/components/forms/auth-details-fields';
import { HttpMethodBadge } from '@/components/http-method-badge';
import { IconLinkButton } from '@/components/icon-link-button';
import { Badge } from '@/components/ui/badge';
import { EntityStatusBadge } from '@/components/ui/status-badges';
import { type Column, DataTable } from '@/components/ui/table';
import { UrlText } from '@/components/ui/url-text';
import { paths } from '@/config/paths';
import { describeCircuit } from '../lib/circuit-state';
import { DeleteSubscriptionButton } from './delete-subscription-button';
import { TestWebhookButton } from './test-webhook-button';

const columns: Column<TSubscription>[] = [
  {
    header: 'Nome',
    cell: (subscription) => (
      <div className="grid justify-items-start gap-1">
        <Link
          to={paths.subscriptions.detail.getHref(subscription.id)}
          className="font-medium hover:underline"
        >
          {subscription.name}
        </Link>
        {subscription.consumerId ? (
          <Link
            to={paths.subscriptions.list.getHref({ consumerId: subscription.consumerId })}
            className="font-mono text-xs text-muted-foreground hover:underline"
            data-testid="consumer-id"
          >
            Consumidor: {subscription.consumerId}
          </Link>
        ) : null}
        {subscription.circuit.state === 'OPEN' ? (
          <Badge
            variant="error"
            title={describeCircuit(subscription.circuit).label}
            data-testid="circuit-open"
          >
            Circuito aberto
          </Badge>
        ) : null}
      </div>
    ),
  },
  {
    header: 'Evento',
    cell: (subscription) => (
      <div className="grid">
        <Link to={paths.events.detail.getHref(subscription.event.id)} className="hover:underline">
          {subscription.event.name}
        </Link>
        <code className="text-xs text-muted-foreground">{subscription.event.alias}</code>
      </div>
    ),
  },
  {
    header: 'URL de destino',
    cell: (subscription) => <UrlText url={subscription.targetUrl} />,
  },
  { header: 'Método', cell: (subscription) => <HttpMethodBadge method={subscription.httpMethod} /> },
  { header: 'Autenticação', cell: (subscription) => AUTH_TYPE_LABELS[subscription.authType] },
  { header: 'Status', cell: (subscription) => <EntityStatusBadge status={subscription.status} /> },
  { header: 'Tentativas', cell: (subscription) => subscription._count.attempts },
  {
    header: 'Ações',
    className: 'text-right',
    isActions: true,
    cell: (subscription) => (
      <div className="flex justify-end gap-1">
        <IconLinkButton to={paths.subscriptions.detail.getHref(subscription.id)} label="Ver detalhes">
          <Eye />
        </IconLinkButton>
        {subscription.permissions.canWrite ? (
          <>
            <TestWebhookButton subscriptionId={subscription.id} />
            <IconLinkButton to={paths.subscriptions.edit.getHref(subscription.id)} label="Editar assinatura">
              <Pencil />
            </IconLinkButton>
          </>
        ) : null}
        {subscription.permissions.canDelete ? <DeleteSubscriptionButton record={subscription} /> : null}
      </div>
    ),
  },
];

export function SubscriptionsTable({
  subscriptions,
  isLoading,
  empty,
}: {
  subscriptions: TSubscription[] | undefined;
  isLoading: boolean;
  empty: ReactNode;
}) {
  return (
    <DataTable
      columns={columns}
      data={subscriptions}
      isLoading={isLoading}
      getRowKey={(subscription) => subscription.id}
      empty={empty}
    />
  );
}
