import { eventFormToRequest } from '@wm/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { useCreateEvent } from '../api/create-event';
import { EventForm } from '../components/event-form';
import { newEventFormValues } from '../components/event-form-values';
import { EventHelpCards } from '../components/event-help-cards';

/** /events/new (optional ?applicationId). */
export default function NewEventPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const creation = useCreateEvent();
  return (
    <div className="grid gap-6">
      <PageHeader title="Novo Evento" description="Defina um evento que sua aplicação emite." />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <EventForm
          variant="create"
          defaultValues={newEventFormValues(searchParams.get('applicationId') ?? '')}
          isPending={creation.isPending}
          cancelHref={paths.events.list.getHref()}
          onSubmit={async (form) => {
            try {
              const { data: event } = await creation.mutateAsync(eventFormToRequest(form));
              toast.success('Evento criado', { description: `O evento "${event.name}" foi criado.` });
              navigate(paths.events.detail.getHref(event.id));
            } catch (error) {
              toastError('Erro ao criar evento', error);
            }
          }}
        />
        <EventHelpCards />
      </div>
    </div>
  );
}
