import type { ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type SelectOption = { value: string; label: ReactNode; isDisabled?: boolean };

/** A labelled select bound to form field `name` (inside a FormProvider); the trigger's id and aria-label follow. */
export function SelectField({
  name,
  label,
  options,
  placeholder,
  contentClassName,
}: {
  name: string;
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
  contentClassName?: string;
}) {
  const { control } = useFormContext();
  return (
    <FormField label={label} name={name} htmlFor={name}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          // An empty value shows the placeholder.
          <Select value={field.value || undefined} onValueChange={field.onChange}>
            <SelectTrigger id={name} aria-label={label}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent className={contentClassName}>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value} disabled={option.isDisabled}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}
