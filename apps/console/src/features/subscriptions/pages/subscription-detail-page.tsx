import { FILTER_OPERATOR_LABELS } from '@wm/rules';
import { ArrowLeft, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AUTH_TYPE_LABELS } from '@/components/forms/auth-details-fields';
import { HttpMethodBadge } from '@/components/http-method-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { JsonView } from '@/components/ui/json-view';
import { NotFoundState } from '@/components/ui/not-found-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { detailStatusVariant, entityStatusLabel } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDateTime, shortId } from '@/lib/format';
import { useSubscription } from '../api/get-subscription';
import { DeleteSubscriptionButton } from '../components/delete-subscription-button';
import { FilterTestCard } from '../components/filter-test-card';
import { SigningSecretCard } from '../components/signing-secret-card';
import { TestWebhookButton } from '../components/test-webhook-button';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** /subscriptions/{id}. */
export default function SubscriptionDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useSubscription(id);
  if (query.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  const subscription = query.data;
  if (!subscription) {
    return <NotFoundState title="Assinatura não encontrada" backHref={paths.subscriptions.list.getHref()} />;
  }
  return (
    <div className="grid gap-6">
      <Link
        to={paths.subscriptions.list.getHref()}
        className="flex w-fit items-center gap-1 text-sm text-muted-foreground"
      >
        <ArrowLeft className="size-4" />
        Voltar para assinaturas
      </Link>
      <PageHeader
        title={subscription.name}
        description={subscription.targetUrl}
        actions={
          <>
            <TestWebhookButton subscriptionId={subscription.id} showLabel />
            {subscription.permissions.canWrite ? (
              <Button variant="outline" asChild>
                <Link to={paths.subscriptions.edit.getHref(subscription.id)}>
                  <Pencil />
                  Editar
                </Link>
              </Button>
            ) : null}
            {subscription.permissions.canDelete ? (
              <DeleteSubscriptionButton
                subscription={subscription}
                showLabel
                onDeleted={() => navigate(paths.subscriptions.list.getHref())}
              />
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Detalhes</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Field label="ID">
                  <span className="font-mono text-xs" title={subscription.id}>
                    {shortId(subscription.id)}
                  </span>
                </Field>
                <Field label="Status">
                  <Badge variant={detailStatusVariant(subscription.status)}>
                    {entityStatusLabel[subscription.status] ?? subscription.status}
                  </Badge>
                </Field>
                <Field label="Evento">
                  <Link to={paths.events.detail.getHref(subscription.event.id)} className="hover:underline">
                    {subscription.event.name}
                  </Link>{' '}
                  <code className="text-xs text-muted-foreground">{subscription.event.alias}</code>
                </Field>
                <Field label="URL de destino">
                  <span className="break-all font-mono text-xs">{subscription.targetUrl}</span>
                </Field>
                <Field label="Método HTTP">
                  <HttpMethodBadge method={subscription.httpMethod} />
                </Field>
                <Field label="Autenticação">{AUTH_TYPE_LABELS[subscription.authType]}</Field>
                <Field label="Tentativas">{subscription._count.attempts}</Field>
                <Field label="Criada em">{formatDateTime(subscription.createdAt)}</Field>
                <Field label="Atualizada em">{formatDateTime(subscription.updatedAt)}</Field>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>JSON Body</CardTitle>
            </CardHeader>
            <CardContent>
              <JsonView value={subscription.jsonBody} emptyText="Vazio: o payload do evento é enviado." />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Filtros</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2" data-testid="filters-list">
              {subscription.filters.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhum filtro configurado</p>
              ) : (
                subscription.filters.map((filter, index) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: filters are stored as an ordered list
                    key={index}
                    className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm"
                  >
                    <Badge variant="outline">{filter.origin}</Badge>
                    <code>{filter.field}</code>
                    <span className="text-muted-foreground">{FILTER_OPERATOR_LABELS[filter.operator]}</span>
                    <code>{filter.value}</code>
                  </div>
                ))
              )}
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-6">
          {subscription.secret ? (
            <SigningSecretCard subscriptionId={subscription.id} secret={subscription.secret} />
          ) : null}
          <FilterTestCard filters={subscription.filters} />
        </div>
      </div>
    </div>
  );
}
