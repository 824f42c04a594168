import { zodResolver } from '@hookform/resolvers/zod';
import {
  ROUTE_FIELD_TYPES,
  type TCreateRouteFieldRequest,
  type TRouteField,
  type TRouteFieldInput,
  ZCreateRouteFieldRequest,
} from '@wm/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { FormActions } from '@/components/forms/form-actions';
import { SelectField } from '@/components/forms/select-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ActiveSwitchField } from './switch-field';

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
  variant,
  isPending,
  cancelHref,
  onSubmit,
}: {
  defaultValues: TCreateRouteFieldRequest;
  variant: 'create' | 'edit';
  isPending: boolean;
  cancelHref: string;
  onSubmit: (form: TRouteFieldInput) => void;
}) {
  const form = useForm<TCreateRouteFieldRequest, unknown, TRouteFieldInput>({
    resolver: zodResolver(ZCreateRouteFieldRequest),
    defaultValues,
  });
  const { register, handleSubmit } = form;
  return (
    <FormProvider {...form}>
      <form className="grid gap-6" onSubmit={handleSubmit(onSubmit)} noValidate>
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
            <FormField
              label="Caminho"
              name="path"
              htmlFor="path"
              description="Caminho JSON nos dados enviados. Ex.: data.message.text"
            >
              <Input id="path" placeholder="data.message.text" className="font-mono" {...register('path')} />
            </FormField>
            <FormField label="Descrição" name="description" htmlFor="description">
              <Textarea id="description" rows={3} {...register('description')} />
            </FormField>
            <ActiveSwitchField description="Campos inativos não são oferecidos nas condições." />
          </CardContent>
        </Card>
        <FormActions
          variant={variant}
          createLabel="Criar Campo"
          isPending={isPending}
          cancelHref={cancelHref}
        />
      </form>
    </FormProvider>
  );
}
