import { Controller, useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import type { RuleFormValues } from '../lib/rule-form-values';
import { EventPicker } from './event-picker';

/** The edit form's linked-event picker: the event the rule emits when it matches. */
export function LinkedEventSelect({ applicationId }: { applicationId: string }) {
  const { control } = useFormContext<RuleFormValues>();
  return (
    <FormField
      label="Evento vinculado"
      name="eventId"
      htmlFor="eventId"
      description="Emitido com os mesmos dados quando a regra corresponde."
    >
      <Controller
        control={control}
        name="eventId"
        render={({ field }) => (
          <EventPicker
            id="eventId"
            applicationId={applicationId}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </FormField>
  );
}
