import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCreateRouteEventTypeRequest,
  type TRouteEventType,
  type TRouteEventTypeInput,
  type TUpdateRouteEventTypeRequest,
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

/** A new route event type's form starts from these values. */
export const newEventTypeFormValues = (routeId: string): TCreateRouteEventTypeRequest => ({
  routeId,
  name: '',
  alias: '',
  description: '',
  isActive: true,
  schema: '',
  examples: '',
  schemaValidation: 'OFF',
});

/** The edit form of a stored route event type: its schema and examples as indented JSON text. */
export const eventTypeToFormValues = (eventType: TRouteEventType): TCreateRouteEventTypeRequest => ({
  routeId: eventType.routeId,
  name: eventType.name,
  alias: eventType.alias,
  description: eventType.description ?? '',
  isActive: eventType.isActive,
  schema: eventType.schema ? JSON.stringify(eventType.schema, null, 2) : '',
  examples: eventType.examples.length > 0 ? JSON.stringify(eventType.examples, null, 2) : '',
  schemaValidation: eventType.schemaValidation,
});

/** PUT payload: the checked form without the route (a type never moves); an emptied schema clears it. */
export const eventTypeFormToUpdate = ({
  routeId: _routeId,
  ...input
}: TRouteEventTypeInput): TUpdateRouteEventTypeRequest => input;

/**
 * Create and edit form of a route event type: name, alias, description, active, and the schema of
 * its data. Editing passes the saved schema, so a change that breaks senders is flagged before saving.
 */
export function EventTypeForm({
  defaultValues,
  savedSchema,
  ...formProps
}: RecordFormProps<TRouteEventTypeInput> & {
  defaultValues: TCreateRouteEventTypeRequest;
  savedSchema?: Record<string, unknown> | null;
}) {
  const form = useForm<TCreateRouteEventTypeRequest, unknown, TRouteEventTypeInput>({
    resolver: zodResolver(ZCreateRouteEventTypeRequest),
    defaultValues,
  });
  const { register } = form;
  return (
    <RecordForm form={form} createLabel="Criar Tipo de Evento" {...formProps}>
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
        savedSchema={savedSchema}
        description="JSON Schema (2020-12) dos dados deste tipo: verificado em cada requisição recebida e em cada POST /v1/emit-rules."
        modeLabel="Validação no recebimento"
      />
    </RecordForm>
  );
}
