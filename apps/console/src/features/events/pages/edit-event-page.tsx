import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useEvent } from '../api/get-event';
import { useUpdateEvent } from '../api/update-event';
import { EventForm } from '../components/event-form';
import { eventFormToUpdate, eventToFormValues } from '../components/event-form-values';

/** /events/{id}/edit: radio cards for visibility and queue type; on success back to the detail. */
export default function EditEventPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const event = useEvent(id);
  const update = useUpdateEvent();

  if (event.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!event.data) {
    return (
      <RecordFallback query={event} title={messages.eventNotFound} backHref={paths.events.list.getHref()} />
    );
  }
  if (!event.data.permissions.canWrite) {
    return (
      <EditForbiddenState
        description="Você pode ver este evento, mas não alterá-lo."
        backHref={paths.events.detail.getHref(id)}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <PageHeader title="Editar Evento" description={event.data.name} />
      <EventForm
        variant="edit"
        defaultValues={eventToFormValues(event.data)}
        isPending={update.isPending}
        cancelHref={paths.events.detail.getHref(id)}
        onSubmit={async (form) => {
          try {
            await update.mutateAsync({ id, input: eventFormToUpdate(form) });
            toast.success('Evento atualizado', { description: messages.saved });
            navigate(paths.events.detail.getHref(id));
          } catch (error) {
            toastError('Erro ao atualizar evento', error);
          }
        }}
      />
    </div>
  );
}
