import type { ReactNode } from 'react';
import { type FieldErrors, type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { FormActions } from './form-actions';

/** What a create or edit page hands to its record's form. */
export type RecordFormProps<TOutput> = {
  variant: 'create' | 'edit';
  isPending: boolean;
  cancelHref: string;
  onSubmit: (values: TOutput) => void;
};

/**
 * A create/edit page's form: shares `form` with the fields inside it, submits the validated values
 * (or calls `onInvalid`) and ends with Cancelar and the submit button.
 */
export function RecordForm<TValues extends FieldValues, TOutput>({
  form,
  createLabel,
  variant,
  isPending,
  cancelHref,
  onSubmit,
  onInvalid,
  children,
}: RecordFormProps<TOutput> & {
  form: UseFormReturn<TValues, unknown, TOutput>;
  createLabel: string;
  onInvalid?: (errors: FieldErrors<TValues>) => void;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form className="grid gap-6" onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate>
        {children}
        <FormActions
          variant={variant}
          createLabel={createLabel}
          isPending={isPending}
          cancelHref={cancelHref}
        />
      </form>
    </FormProvider>
  );
}
