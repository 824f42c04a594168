import { zodResolver } from '@hookform/resolvers/zod';
import {
  ROUTE_FIELD_TYPES,
  type TCreateRouteFieldRequest,
  type TRouteField,
  type TRouteFieldInput,
  ZCreateRouteFieldRequest,
} from '@wm/contracts';
import { useForm } from 'react-hook-form';
import { ActiveSwitchField } from '@/components/forms/active-switch-field';
import { DescriptionField } from '@/components/forms/description-field';
import { RecordForm, type RecordFormProps } from '@/components/forms/record-form';
import { SelectField } from '@/components/forms/select-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { messages } from '@/lib/messages';

export const newFieldFormValues = (routeId: string): TCreateRouteFieldRequest => ({
  routeId,
  name: '',
  type: 'string',
  path: '',
  description: '',
  isActive: true,
});

export const fieldToFormValues = (field: TRouteField): TCreateRouteFieldRequest => ({
  routeId: field.routeId,
  name: field.name,
  type: field.type,
  path: field.path,
  description: field.description ?? '',
  isActive: field.isActive,
});

const TYPE_LABELS = {
  string: 'Texto (string)',
  number: 'Número (number)',
  boolean: 'Booleano (boolean)',
  array: 'Lista (array)',
  object: 'Objeto (object)',
} as const;

/** Create and edit form of a route field: name, type, path, description, active. */
export function FieldForm({
  defaultValues,
  ...formProps
}: RecordFormProps<TRouteFieldInput> & {
  defaultValues: TCreateRouteFieldRequest;
}) {
  const form = useForm<TCreateRouteFieldRequest, unknown, TRouteFieldInput>({
    resolver: zodResolver(ZCreateRouteFieldRequest),
    defaultValues,
  });
  const { register } = form;
  return (
    <RecordForm form={form} createLabel="Criar Campo" {...formProps}>
      <Card>
        <CardHeader>
          <CardTitle>Campo</CardTitle>
          <CardDescription>Um caminho nos dados enviados que as condições das regras leem.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
            <FormField label="Nome" name="name" htmlFor="name">
              <Input id="name" placeholder="Texto da mensagem" {...register('name')} />
            </FormField>
            <SelectField
              name="type"
              label="Tipo"
              options={ROUTE_FIELD_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
            />
          </div>
          <FormField label="Caminho" name="path" htmlFor="path" description={messages.fieldPathHint}>
            <Input id="path" placeholder="data.message.text" className="font-mono" {...register('path')} />
          </FormField>
          <DescriptionField />
          <ActiveSwitchField description="Campos inativos não são oferecidos nas condições." />
        </CardContent>
      </Card>
    </RecordForm>
  );
}
