import { zodResolver } from '@hookform/resolvers/zod';
import {
  BODY_TEMPLATE_MESSAGE,
  QUEUE_TYPES,
  SELECTABLE_QUEUE_TYPES,
  STANDARD_QUEUE_REASON,
  type TEventForm,
  type TEventFormValues,
  VISIBILITIES,
  ZEventForm,
} from '@wm/contracts';
import { listSchemaPaths } from '@wm/rules';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApplicationSelectField } from '@/components/forms/application-select-field';
import { AuthFields } from '@/components/forms/auth-details-fields';
import { RecordForm, type RecordFormProps } from '@/components/forms/record-form';
import { SchemaEditorCard } from '@/components/forms/schema-editor-card';
import { SchemaPathPlaceholders } from '@/components/forms/schema-path-placeholders';
import { SelectField } from '@/components/forms/select-field';
import { usePlaceholderInsert } from '@/components/forms/use-placeholder-insert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { visibilityLabel } from '@/components/ui/status-badges';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { QUEUE_TYPE_DESCRIPTIONS, QUEUE_TYPE_LABELS } from './event-labels';
import { RadioCards } from './radio-cards';

const QUEUE_SETTING_FIELDS = [
  {
    name: 'delayBetweenSends',
    label: 'Intervalo entre envios (ms)',
    description: 'De 100 ms a 60 segundos.',
  },
  { name: 'messageTtl', label: 'TTL da mensagem (ms)', description: 'De 1 minuto a 24 horas.' },
  { name: 'maxRetries', label: 'Máximo de tentativas', description: 'De 0 a 10.' },
  { name: 'priority', label: 'Prioridade', description: 'De 1 (baixa) a 10 (alta).' },
] as const;

const isSelectable = (queueType: string) => (SELECTABLE_QUEUE_TYPES as readonly string[]).includes(queueType);

/**
 * Create and edit form of an event. `variant="edit"` draws visibility and queue
 * type as radio cards; create uses selects. Submits the validated form.
 */
export function EventForm({
  defaultValues,
  variant,
  savedSchema,
  ...formProps
}: RecordFormProps<TEventForm> & {
  defaultValues: TEventFormValues;
  /** On edit, the stored schema: a change that refuses what it accepted is flagged before saving. */
  savedSchema?: Record<string, unknown> | null;
}) {
  const form = useForm<TEventFormValues, unknown, TEventForm>({
    resolver: zodResolver(ZEventForm),
    defaultValues,
  });
  const { register, control, watch, setValue, getValues } = form;
  const enableCallbacks = watch('enableCallbacks');
  const queueType = watch('queueType');
  const schemaText = watch('schema');
  const pathSuggestions = useMemo(() => listSchemaPaths(parseJson(schemaText)), [schemaText]);
  const templateField = register('bodyTemplate');
  const template = usePlaceholderInsert(
    () => getValues('bodyTemplate'),
    (value) => setValue('bodyTemplate', value, { shouldDirty: true }),
  );

  const onInvalid = (errors: Record<string, unknown>) => {
    if (errors.bodyTemplate) toast.error('Erro no template', { description: BODY_TEMPLATE_MESSAGE });
    if (errors.schema || errors.examples) toast.error('Erro no schema do payload');
  };

  const toggleCallbacks = (isOn: boolean) => {
    setValue('enableCallbacks', isOn, { shouldDirty: true });
    if (!isOn) {
      setValue('callbackUrl', '');
      setValue('callbackAuthType', 'NONE');
      setValue('callbackAuthDetails', {});
    }
  };

  return (
    <RecordForm form={form} createLabel="Criar Evento" onInvalid={onInvalid} variant={variant} {...formProps}>
      <Card>
        <CardHeader>
          <CardTitle>Informações básicas</CardTitle>
          <CardDescription>Aplicação, nome e alias usado ao emitir o evento pela API.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ApplicationSelectField />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nome" name="name" htmlFor="name" className="content-start">
              <Input id="name" placeholder="Pedido criado" {...register('name')} />
            </FormField>
            <FormField
              label="Alias"
              name="alias"
              htmlFor="alias"
              className="content-start"
              description="Letras minúsculas, números, pontos, hífens e underscores. Ex.: order.created"
            >
              <Input id="alias" placeholder="order.created" {...register('alias')} />
            </FormField>
          </div>
          {variant === 'create' ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                name="visibility"
                label="Visibilidade"
                options={VISIBILITIES.map((visibility) => ({
                  value: visibility,
                  label: visibilityLabel[visibility],
                }))}
              />
              <SelectField
                name="queueType"
                label="Tipo de fila"
                options={QUEUE_TYPES.map((type) => ({
                  value: type,
                  label: QUEUE_TYPE_LABELS[type],
                  isDisabled: !isSelectable(type),
                }))}
              />
            </div>
          ) : (
            <>
              <FormField label="Visibilidade" name="visibility">
                <Controller
                  control={control}
                  name="visibility"
                  render={({ field }) => (
                    <RadioCards
                      name="visibility"
                      value={field.value}
                      onChange={field.onChange}
                      options={[
                        {
                          value: 'PUBLIC',
                          label: 'Público',
                          description: 'Outras aplicações podem assinar.',
                        },
                        {
                          value: 'PRIVATE',
                          label: 'Privado',
                          description: 'Visível apenas para a aplicação.',
                        },
                      ]}
                    />
                  )}
                />
              </FormField>
              <FormField label="Tipo de fila" name="queueType">
                <Controller
                  control={control}
                  name="queueType"
                  render={({ field }) => (
                    <RadioCards
                      name="queueType"
                      value={field.value}
                      onChange={field.onChange}
                      options={QUEUE_TYPES.map((type) => ({
                        value: type,
                        label: QUEUE_TYPE_LABELS[type],
                        description: QUEUE_TYPE_DESCRIPTIONS[type],
                        isDisabled: !isSelectable(type),
                      }))}
                    />
                  )}
                />
              </FormField>
            </>
          )}
          {queueType === 'IMMEDIATE' ? (
            <p className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" role="note">
              A fila imediata não é recomendada para grande escala; para alto volume use RabbitMQ.
            </p>
          ) : null}
          {queueType === 'FIFO' ? (
            <div
              className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm"
              role="note"
              data-testid="fifo-help"
            >
              <p className="font-medium">Entrega em ordem (FIFO)</p>
              <p>
                Envie <code>orderingKey</code> na emissão (por exemplo, o id do cliente): para cada assinatura
                e chave, uma entrega só é tentada depois que a anterior terminar (sucesso, falha após as novas
                tentativas ou ignorada). Chaves diferentes seguem em paralelo; sem chave, todo o evento é uma
                chave só.
              </p>
              <p>
                Uma entrega falhando segura a sua chave durante as novas tentativas. Na assinatura, "Em falha
                FIFO" decide o que vem depois: continuar, ou segurar a chave até reenviar ou pular a entrega.
              </p>
            </div>
          ) : null}
          <p className="text-muted-foreground text-xs">{STANDARD_QUEUE_REASON}</p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Callbacks</CardTitle>
            <CardDescription>
              Receba um relatório quando as entregas de uma emissão terminarem.
            </CardDescription>
          </div>
          <Switch
            checked={enableCallbacks}
            onCheckedChange={toggleCallbacks}
            aria-label="Habilitar callbacks"
          />
        </CardHeader>
        {enableCallbacks ? (
          <CardContent className="grid gap-4">
            <FormField label="URL de callback" name="callbackUrl" htmlFor="callbackUrl">
              <Input
                id="callbackUrl"
                placeholder="https://exemplo.com/callback"
                {...register('callbackUrl')}
              />
            </FormField>
            <AuthFields typeName="callbackAuthType" detailsName="callbackAuthDetails" />
          </CardContent>
        ) : null}
      </Card>

      {queueType === 'RABBITMQ' ? (
        <Card data-testid="queue-settings">
          <CardHeader>
            <CardTitle>Configurações da fila</CardTitle>
            <CardDescription>Usadas apenas pela fila RabbitMQ.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {QUEUE_SETTING_FIELDS.map(({ name, label, description }) => (
              <FormField key={name} label={label} name={name} htmlFor={name} description={description}>
                <Input id={name} type="number" {...register(name, { valueAsNumber: true })} />
              </FormField>
            ))}
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Template do body</CardTitle>
          <CardDescription>
            Objeto JSON com placeholders como {'{{payload.campo}}'}. Vazio: os dados emitidos são enviados
            como estão.
          </CardDescription>
          <p className="text-sm text-muted-foreground" data-testid="body-source-note">
            Uma assinatura com JSON Body envia o JSON Body dela, não este template; nele,{' '}
            {'{{payload.campo}}'} lê o resultado deste template. Sem JSON Body, a assinatura envia o resultado
            deste template.
          </p>
        </CardHeader>
        <CardContent className="grid gap-3">
          <FormField name="bodyTemplate" htmlFor="bodyTemplate" label="Template (JSON)">
            <Textarea
              id="bodyTemplate"
              rows={8}
              className="font-mono text-xs"
              {...templateField}
              ref={(element) => {
                templateField.ref(element);
                template.textareaRef.current = element;
              }}
              onFocus={template.onFocus}
            />
          </FormField>
          <SchemaPathPlaceholders paths={pathSuggestions} onInsert={template.insert} />
        </CardContent>
      </Card>

      <SchemaEditorCard savedSchema={savedSchema} />
    </RecordForm>
  );
}

/** The schema being written, if it parses: its paths are offered while it is typed. */
function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}
