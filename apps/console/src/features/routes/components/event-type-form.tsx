import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCreateRouteEventTypeRequest,
  type TRouteEventTypeInput,
  ZCreateRouteEventTypeRequest,
} from '@wm/contracts';
import { useForm } from 'react-hook-form';
import { ActiveSwitchField } from '@/components/forms/active-switch-field';
import { DescriptionField } from '@/components/forms/description-field';
import { RecordForm, type RecordFormProps } from '@/components/forms/record-form';
import { SchemaEditorCard } from '@/components/forms/schema-editor-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** Create form of a route event type: name, alias, description, active, and the schema of its data. */
export function EventTypeForm({
  routeId,
  ...formProps
}: Omit<RecordFormProps<TRouteEventTypeInput>, 'variant'> & {
  routeId: string;
}) {
  const form = useForm<TCreateRouteEventTypeRequest, unknown, TRouteEventTypeInput>({
    resolver: zodResolver(ZCreateRouteEventTypeRequest),
    defaultValues: {
      routeId,
      name: '',
      alias: '',
      description: '',
      isActive: true,
      schema: '',
      examples: '',
      schemaValidation: 'OFF',
    },
  });
  const { register } = form;
  return (
    <RecordForm form={form} createLabel="Criar Tipo de Evento" variant="create" {...formProps}>
      <Card>
        <CardHeader>
          <CardTitle>Tipo de evento</CardTitle>
          <CardDescription>O alias é o eventType enviado junto com os dados.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Nome" name="name" htmlFor="name">
            <Input id="name" placeholder="Mensagem de texto recebida" {...register('name')} />
          </FormField>
          <FormField label="Alias" name="alias" htmlFor="alias" description="Ex.: message.text.received">
            <Input id="alias" placeholder="message.text.received" {...register('alias')} />
          </FormField>
          <DescriptionField />
          <ActiveSwitchField description="Tipos inativos não disparam regras." />
        </CardContent>
      </Card>
      <SchemaEditorCard
        description="JSON Schema (2020-12) dos dados deste tipo: verificado em cada requisição recebida e em cada POST /v1/emit-rules."
        modeLabel="Validação no recebimento"
      />
    </RecordForm>
  );
}
