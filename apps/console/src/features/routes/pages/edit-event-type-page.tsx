import type { TRouteEventTypeInput } from '@wm/contracts';
import { useParams } from 'react-router';
import { EditRecordPage } from '@/components/edit-record-page';
import { paths } from '@/config/paths';
import { UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { useRouteEventType } from '@/lib/get-route-event-type';
import { useUpdateRouteEventType } from '../api/update-route-event-type';
import { EventTypeForm, eventTypeFormToUpdate, eventTypeToFormValues } from '../components/event-type-form';

/** /routes/{routeId}/event-types/{eventTypeId}/edit: the create form, prefilled; on success back to the type. */
export default function EditEventTypePage() {
  const { routeId = '', eventTypeId = '' } = useParams();
  const eventType = useRouteEventType(eventTypeId);
  const update = useUpdateRouteEventType();
  const detailHref = paths.routes.eventType.getHref(routeId, eventTypeId);
  // A type of another route is as missing as an unknown one.
  const query =
    eventType.data && eventType.data.routeId !== routeId ? { ...eventType, data: undefined } : eventType;

  return (
    <EditRecordPage
      query={query}
      title="Editar Tipo de Evento"
      notFoundTitle="Tipo de evento não encontrado"
      forbiddenDescription="Você pode ver este tipo de evento, mas não alterá-lo."
      listHref={paths.routes.detail.getHref(routeId)}
      savedTitle="Tipo de evento atualizado"
      errorTitle="Erro ao atualizar tipo de evento"
      errorFallback={UNEXPECTED_ERROR_SENTENCE}
      save={(input: TRouteEventTypeInput) =>
        update.mutateAsync({ id: eventTypeId, input: eventTypeFormToUpdate(input) })
      }
      detailHref={detailHref}
    >
      {(record, submit) => (
        <EventTypeForm
          variant="edit"
          defaultValues={eventTypeToFormValues(record)}
          savedSchema={record.schema}
          isPending={update.isPending}
          cancelHref={detailHref}
          onSubmit={submit}
        />
      )}
    </EditRecordPage>
  );
}
