import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { toastError, UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { useCreateRouteEventType } from '../api/create-route-event-type';
import { EventTypeForm, newEventTypeFormValues } from '../components/event-type-form';
import { RouteChildPage } from '../components/route-child-page';

/** /routes/{id}/event-types/new: on success to the new type's detail. */
export default function NewEventTypePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const creation = useCreateRouteEventType();

  return (
    <RouteChildPage routeId={id} title="Novo Tipo de Evento">
      <EventTypeForm
        variant="create"
        defaultValues={newEventTypeFormValues(id)}
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
    </RouteChildPage>
  );
}
