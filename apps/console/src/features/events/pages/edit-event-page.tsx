import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EditRecordPage } from '@/components/edit-record-page';
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

  return (
    <EditRecordPage
      query={event}
      title="Editar Evento"
      notFoundTitle={messages.eventNotFound}
      forbiddenDescription="Você pode ver este evento, mas não alterá-lo."
      listHref={paths.events.list.getHref()}
      detailHref={paths.events.detail.getHref(id)}
    >
      {(record) => (
        <EventForm
          variant="edit"
          defaultValues={eventToFormValues(record)}
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
      )}
    </EditRecordPage>
  );
}
