import type { ReactNode } from 'react';
import { Controller, get, useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { firstListError, fromLines, toLines } from '../lib/list-lines';

/**
 * A list of strings typed one per line, inside a FormProvider: the form holds the array, and the
 * first item's error (or the list's) shows under the box.
 */
export function LinesListField({
  name,
  id,
  label,
  description,
  className,
}: {
  name: string;
  id: string;
  label: string;
  description: ReactNode;
  className?: string;
}) {
  const { control, formState } = useFormContext();
  const error: unknown = get(formState.errors, name);
  return (
    <FormField
      label={label}
      htmlFor={id}
      error={firstListError(error)}
      description={description}
      className={className}
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Textarea
            id={id}
            rows={3}
            aria-invalid={Boolean(error)}
            defaultValue={toLines(field.value)}
            onChange={(event) => field.onChange(fromLines(event.target.value))}
            onBlur={field.onBlur}
          />
        )}
      />
    </FormField>
  );
}
