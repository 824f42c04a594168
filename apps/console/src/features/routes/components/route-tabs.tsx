import type { TRouteDetail } from '@wm/contracts';
import { ChevronRight, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CreateLinkButton } from '@/components/create-link-button';
import { DetailField, DetailListCard } from '@/components/detail-page';
import { HttpMethodBadge } from '@/components/http-method-badge';
import { IconLinkButton } from '@/components/icon-link-button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ShortId } from '@/components/ui/short-id';
import { ActiveBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { RuleLink } from './rule-link';

export function RouteOverview({ route }: { route: TRouteDetail }) {
  return (
    <DetailListCard title="Informações da rota">
      <DetailField label="Nome">{route.name}</DetailField>
      <DetailField label="ID">
        <ShortId id={route.id} />
      </DetailField>
      <DetailField label="Endpoint">
        <code className="break-all">{route.endpoint}</code>
      </DetailField>
      <DetailField label="Método">
        <HttpMethodBadge method={route.method} />
      </DetailField>
      <DetailField label="Aplicação">
        <Link to={paths.applications.detail.getHref(route.applicationId)} className="hover:underline">
          {route.application.name}
        </Link>
      </DetailField>
      <DetailField label="Status">
        <ActiveBadge isActive={route.isActive} labels={['Ativa', 'Inativa']} />
      </DetailField>
      <DetailField label="Descrição">{route.description || 'Sem descrição'}</DetailField>
      <DetailField label="Criada em">{formatDateTime(route.createdAt)}</DetailField>
    </DetailListCard>
  );
}

function ListCard({
  title,
  description,
  action,
  children,
  testId,
}: {
  title: string;
  description: string;
  action: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className="grid gap-2">{children}</CardContent>
    </Card>
  );
}

export function RouteEventTypes({ route }: { route: TRouteDetail }) {
  return (
    <ListCard
      testId="route-event-types"
      title="Tipos de evento"
      description="Cada tipo é identificado por um alias; as regras escutam um tipo."
      action={
        route.permissions.canWrite ? (
          <CreateLinkButton size="sm" to={paths.routes.newEventType.getHref(route.id)}>
            Novo Tipo de Evento
          </CreateLinkButton>
        ) : null
      }
    >
      {route.eventTypes.length === 0 ? (
        <EmptyState title="Nenhum tipo de evento" description="Crie um tipo de evento para esta rota." />
      ) : (
        route.eventTypes.map((eventType) => (
          <Link
            key={eventType.id}
            to={paths.routes.eventType.getHref(route.id, eventType.id)}
            className="flex items-center justify-between gap-3 rounded-md border p-3 hover:bg-muted/50"
          >
            <div className="grid min-w-0">
              <span className="text-sm font-medium">{eventType.name}</span>
              <code className="truncate text-xs text-muted-foreground">{eventType.alias}</code>
            </div>
            <div className="flex items-center gap-2">
              <ActiveBadge isActive={eventType.isActive} />
              <ChevronRight className="size-4 text-muted-foreground" />
            </div>
          </Link>
        ))
      )}
    </ListCard>
  );
}

export function RouteFields({ route }: { route: TRouteDetail }) {
  return (
    <ListCard
      testId="route-fields"
      title="Campos"
      description="Caminhos nos dados recebidos que as condições das regras leem."
      action={
        route.permissions.canWrite ? (
          <CreateLinkButton size="sm" to={paths.routes.newField.getHref(route.id)}>
            Novo Campo
          </CreateLinkButton>
        ) : null
      }
    >
      {route.fields.length === 0 ? (
        <EmptyState title="Nenhum campo" description="Defina os campos que as regras podem ler." />
      ) : (
        route.fields.map((field) => (
          <div key={field.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
            <div className="grid min-w-0">
              <span className="text-sm font-medium">{field.name}</span>
              <code className="truncate text-xs text-muted-foreground">{field.path}</code>
            </div>
            <div className="flex items-center gap-2">
              <Badge variant="outline">{field.type}</Badge>
              <ActiveBadge isActive={field.isActive} />
              {field.permissions.canWrite ? (
                <IconLinkButton to={paths.routes.editField.getHref(route.id, field.id)} label="Editar campo">
                  <Pencil />
                </IconLinkButton>
              ) : null}
            </div>
          </div>
        ))
      )}
    </ListCard>
  );
}

export function RouteRules({ route }: { route: TRouteDetail }) {
  return (
    <ListCard
      testId="route-rules"
      title="Regras"
      description="Regras que avaliam os dados recebidos por esta rota."
      action={
        route.permissions.canWrite ? (
          <CreateLinkButton size="sm" to={paths.eventRules.new.getHref()}>
            Nova Regra
          </CreateLinkButton>
        ) : null
      }
    >
      {route.rules.length === 0 ? (
        <EmptyState title="Nenhuma regra" description="Crie uma regra para agir sobre os dados desta rota." />
      ) : (
        route.rules.map((rule) => <RuleLink key={rule.id} rule={rule} />)
      )}
    </ListCard>
  );
}
