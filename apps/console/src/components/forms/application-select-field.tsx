import { toApplicationChoices, useApplicationOptions } from '@/lib/application-options';
import { SelectField } from './select-field';

/** The 'Aplicação' picker of the create/edit forms, bound to form field `applicationId`. */
export function ApplicationSelectField() {
  const applications = useApplicationOptions();
  return (
    <SelectField
      name="applicationId"
      label="Aplicação"
      placeholder="Selecione uma aplicação"
      options={toApplicationChoices(applications.data)}
    />
  );
}
