import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toastError, UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useCreateRouteEventType } from '../api/create-route-event-type';
import { useRoute } from '../api/get-route';
import { EventTypeForm } from '../components/event-type-form';

/** /routes/{id}/event-types/new: on success to the new type's detail. */
export default function NewEventTypePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const route = useRoute(id);
  const creation = useCreateRouteEventType();

  if (route.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!route.data) {
    return (
      <RecordFallback query={route} title={messages.routeNotFound} backHref={paths.routes.list.getHref()} />
    );
  }
  return (
    <div className="grid gap-6">
      <BackLink to={paths.routes.detail.getHref(id)}>Voltar para a rota</BackLink>
      <PageHeader title="Novo Tipo de Evento" description={`Rota: ${route.data.name}`} />
      <EventTypeForm
        routeId={id}
        isPending={creation.isPending}
        cancelHref={paths.routes.detail.getHref(id)}
        onSubmit={async (form) => {
          try {
            const { data: eventType } = await creation.mutateAsync(form);
            toast.success('Tipo de evento criado', {
              description: `O tipo "${eventType.name}" foi criado.`,
            });
            navigate(paths.routes.eventType.getHref(id, eventType.id));
          } catch (error) {
            toastError('Erro ao criar tipo de evento', error, UNEXPECTED_ERROR_SENTENCE);
          }
        }}
      />
    </div>
  );
}
