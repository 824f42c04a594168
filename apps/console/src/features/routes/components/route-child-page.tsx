import type { ReactNode } from 'react';
import { BackLink } from '@/components/detail-page';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';
import { useRoute } from '../api/get-route';

/**
 * The frame of a page that adds to a route (an event type, a field): a skeleton while the route
 * loads, 'Rota não encontrada' (or a load error) when it did not, 'Sem permissão para editar' for
 * a reader, else the way back, the header naming the route, and the form.
 */
export function RouteChildPage({
  routeId,
  title,
  children,
}: {
  routeId: string;
  title: string;
  children: ReactNode;
}) {
  const route = useRoute(routeId);
  if (route.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!route.data) {
    return (
      <RecordFallback query={route} title={messages.routeNotFound} backHref={paths.routes.list.getHref()} />
    );
  }
  // Opened by URL without write rights: refused here as an edit page is, not after submitting.
  if (!route.data.permissions.canWrite) {
    return (
      <EditForbiddenState
        description="Só quem pode editar a rota pode adicionar tipos de evento e campos a ela."
        backHref={paths.routes.detail.getHref(routeId)}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <BackLink to={paths.routes.detail.getHref(routeId)}>Voltar para a rota</BackLink>
      <PageHeader title={title} description={`Rota: ${route.data.name}`} />
      {children}
    </div>
  );
}
