import { useEffect } from 'react';
import { toast } from 'sonner';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useApplicationEvents } from '../api/get-application-events';

/** Radix Select has no empty value: "no event" travels as this sentinel. */
const NONE = 'none';

/** Picks one of the application's events (or none); a failed load toasts 'Erro ao carregar eventos'. */
export function EventPicker({
  applicationId,
  value,
  onChange,
  id,
  allowNone = true,
}: {
  applicationId: string;
  value: string;
  onChange: (eventId: string) => void;
  id: string;
  allowNone?: boolean;
}) {
  const events = useApplicationEvents(applicationId || undefined);
  useEffect(() => {
    if (events.isError) toast.error('Erro ao carregar eventos', { description: errorMessage(events.error) });
  }, [events.isError, events.error]);
  return (
    <Select
      value={value || (allowNone ? NONE : undefined)}
      onValueChange={(next) => onChange(next === NONE ? '' : next)}
      disabled={!applicationId}
    >
      <SelectTrigger id={id} aria-label="Evento vinculado">
        <SelectValue placeholder={events.isPending ? 'Carregando eventos...' : 'Selecione um evento'} />
      </SelectTrigger>
      {/* The list scrolls past a few dozen events. */}
      <SelectContent className="max-h-64">
        {allowNone ? <SelectItem value={NONE}>Nenhum evento</SelectItem> : null}
        {(events.data ?? []).map((event) => (
          <SelectItem key={event.id} value={event.id}>
            {event.name} ({event.alias})
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
