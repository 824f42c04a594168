import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';

/** The 'Descrição' text area of the create/edit forms, bound to form field `description`. */
export function DescriptionField({ placeholder }: { placeholder?: string }) {
  const { register } = useFormContext<{ description?: string | null }>();
  return (
    <FormField label="Descrição" name="description" htmlFor="description">
      <Textarea id="description" rows={3} placeholder={placeholder} {...register('description')} />
    </FormField>
  );
}
