import type { TEventForm } from '@wm/contracts';
import { useParams } from 'react-router';
import { EditRecordPage } from '@/components/edit-record-page';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';
import { useEvent } from '../api/get-event';
import { useUpdateEvent } from '../api/update-event';
import { EventForm } from '../components/event-form';
import { eventFormToUpdate, eventToFormValues } from '../components/event-form-values';

/** /events/{id}/edit: radio cards for visibility and queue type; on success back to the detail. */
export default function EditEventPage() {
  const { id = '' } = useParams();
  const event = useEvent(id);
  const update = useUpdateEvent();

  return (
    <EditRecordPage
      query={event}
      title="Editar Evento"
      notFoundTitle={messages.eventNotFound}
      forbiddenDescription="Você pode ver este evento, mas não alterá-lo."
      listHref={paths.events.list.getHref()}
      savedTitle="Evento atualizado"
      errorTitle="Erro ao atualizar evento"
      save={(input: TEventForm) => update.mutateAsync({ id, input: eventFormToUpdate(input) })}
      detailHref={paths.events.detail.getHref(id)}
    >
      {(record, submit) => (
        <EventForm
          variant="edit"
          defaultValues={eventToFormValues(record)}
          savedSchema={record.schema}
          isPending={update.isPending}
          cancelHref={paths.events.detail.getHref(id)}
          onSubmit={submit}
        />
      )}
    </EditRecordPage>
  );
}
