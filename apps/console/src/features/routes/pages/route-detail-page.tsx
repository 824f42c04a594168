import { ListPlus, Pencil, Plus, Workflow } from 'lucide-react';
import { useParams } from 'react-router';
import { DetailPageHeader, QuickActionsCard } from '@/components/detail-page';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';
import { useRoute } from '../api/get-route';
import { DeleteRouteButton } from '../components/delete-route-button';
import { RouteIngest } from '../components/ingest-tab';
import { RouteEventTypes, RouteFields, RouteOverview, RouteRules } from '../components/route-tabs';

/** /routes/{id}: tabs overview, event types, fields, rules, receiving; quick actions beside them. */
export default function RouteDetailPage() {
  const { id = '' } = useParams();
  const query = useRoute(id);
  if (query.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  const route = query.data;
  if (!route) {
    return (
      <RecordFallback query={query} title={messages.routeNotFound} backHref={paths.routes.list.getHref()} />
    );
  }
  const { canWrite } = route.permissions;
  // Everything here writes under the route's application: a reader gets none of it.
  const quickActions = [
    { to: paths.routes.newEventType.getHref(route.id), Icon: Plus, label: 'Novo Tipo de Evento' },
    { to: paths.routes.newField.getHref(route.id), Icon: ListPlus, label: 'Novo Campo' },
    { to: paths.eventRules.new.getHref(), Icon: Workflow, label: 'Nova Regra' },
    { to: paths.routes.edit.getHref(route.id), Icon: Pencil, label: 'Editar Rota' },
  ];
  return (
    <div className="grid gap-6">
      <DetailPageHeader
        backHref={paths.routes.list.getHref()}
        backLabel="Voltar para rotas"
        title={route.name}
        description={
          <code>
            {route.method} {route.endpoint}
          </code>
        }
        permissions={route.permissions}
        editHref={paths.routes.edit.getHref(route.id)}
        deleteButton={(placement) => <DeleteRouteButton record={route} {...placement} />}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Tabs defaultValue="overview" className="lg:col-span-2">
          <TabsList>
            <TabsTrigger value="overview">Visão Geral</TabsTrigger>
            <TabsTrigger value="event-types">Tipos de Evento ({route.eventTypes.length})</TabsTrigger>
            <TabsTrigger value="fields">Campos ({route.fields.length})</TabsTrigger>
            <TabsTrigger value="rules">Regras ({route.rules.length})</TabsTrigger>
            <TabsTrigger value="ingest">Recebimento</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <RouteOverview route={route} />
          </TabsContent>
          <TabsContent value="event-types">
            <RouteEventTypes route={route} />
          </TabsContent>
          <TabsContent value="fields">
            <RouteFields route={route} />
          </TabsContent>
          <TabsContent value="rules">
            <RouteRules route={route} />
          </TabsContent>
          <TabsContent value="ingest">
            <RouteIngest route={route} />
          </TabsContent>
        </Tabs>
        {canWrite ? <QuickActionsCard className="content-start self-start" actions={quickActions} /> : null}
      </div>
    </div>
  );
}
