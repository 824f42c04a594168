import { zodResolver } from '@hookform/resolvers/zod';
import {
  HTTP_METHODS,
  MAX_IN_FLIGHT_LABEL,
  RATE_LIMIT_LABEL,
  SUBSCRIPTION_AUTH_TYPES,
  SUBSCRIPTION_BODY_PLACEHOLDERS,
  type TClientTlsView,
  type TSubscriptionForm,
  ZCreateSubscriptionForm,
  ZUpdateSubscriptionForm,
} from '@wm/contracts';
import { isEmptyTemplate, listSchemaPaths } from '@wm/rules';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { AuthFields } from '@/components/forms/auth-details-fields';
import { RecordForm, type RecordFormProps } from '@/components/forms/record-form';
import { SchemaPathPlaceholders } from '@/components/forms/schema-path-placeholders';
import { SelectField } from '@/components/forms/select-field';
import { usePlaceholderInsert } from '@/components/forms/use-placeholder-insert';
import { PublicEventNotice } from '@/components/public-event-notice';
import { SchemaPreviewCard } from '@/components/schema-preview-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useEventOptions } from '../api/get-event-options';
import { subscriptionStatusOptions } from '../lib/subscription-status';
import { ClientTlsFields } from './client-tls-fields';
import { FiltersEditor } from './filters-editor';

const EDIT_PLACEHOLDER = '{\n  "pedido": "{{payload.order.id}}",\n  "status": "{{payload.status}}"\n}';

/** Create and edit form of a subscription (same fields; edit accepts an empty JSON body). */
export function SubscriptionForm({
  defaultValues,
  variant,
  savedClientTls,
  ...formProps
}: RecordFormProps<TSubscriptionForm> & {
  defaultValues: TSubscriptionForm;
  /** The saved client certificate (edit): shown with its expiry; new inputs replace it. */
  savedClientTls?: TClientTlsView | null;
}) {
  const form = useForm<TSubscriptionForm>({
    resolver: zodResolver(variant === 'create' ? ZCreateSubscriptionForm : ZUpdateSubscriptionForm),
    defaultValues,
  });
  const { register, setValue, getValues, watch } = form;
  const events = useEventOptions();
  const selectedEvent = (events.data ?? []).find((event) => event.id === watch('eventId'));
  // What the delivery sends: the subscription's JSON Body rendered against the event's payload, else the payload.
  const hasEventTemplate = selectedEvent !== undefined && !isEmptyTemplate(selectedEvent.bodyTemplate);
  const hasJsonBody = watch('jsonBody').trim() !== '';
  const schema = selectedEvent?.schema ?? null;
  const pathSuggestions = useMemo(() => listSchemaPaths(schema), [schema]);

  const bodyField = register('jsonBody');
  const {
    textareaRef: bodyRef,
    insert: insertPlaceholder,
    onFocus: onBodyFocus,
  } = usePlaceholderInsert(
    () => getValues('jsonBody'),
    (value) => setValue('jsonBody', value, { shouldDirty: true }),
  );

  return (
    <RecordForm form={form} createLabel="Criar Assinatura" variant={variant} {...formProps}>
      <Card>
        <CardHeader>
          <CardTitle>Destino</CardTitle>
          <CardDescription>Evento assinado e para onde o webhook é enviado.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SelectField
            name="eventId"
            label="Evento"
            placeholder="Selecione um evento"
            contentClassName="max-h-72"
            options={(events.data ?? []).map((event) => ({
              value: event.id,
              label: `${event.name} (${event.alias})`,
            }))}
          />
          {selectedEvent?.visibility === 'PUBLIC' ? <PublicEventNotice audience="subscriber" /> : null}
          <FormField label="Nome" name="name" htmlFor="name">
            <Input id="name" placeholder="Webhook do ERP" {...register('name')} />
          </FormField>
          {variant === 'edit' ? (
            <SelectField
              name="status"
              label="Status"
              options={subscriptionStatusOptions(defaultValues.status ?? 'ACTIVE')}
            />
          ) : null}
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            <FormField label="URL de destino" name="targetUrl" htmlFor="targetUrl">
              <Input id="targetUrl" placeholder="https://exemplo.com/webhook" {...register('targetUrl')} />
            </FormField>
            <SelectField
              name="httpMethod"
              label="Método HTTP"
              options={HTTP_METHODS.map((method) => ({ value: method, label: method }))}
            />
          </div>
          <AuthFields typeName="authType" detailsName="authDetails" types={SUBSCRIPTION_AUTH_TYPES} />
        </CardContent>
      </Card>

      <SchemaPreviewCard schema={schema} version={selectedEvent?.schemaVersion ?? null} />
      <ClientTlsFields saved={savedClientTls} />

      <Card>
        <CardHeader>
          <CardTitle>JSON Body</CardTitle>
          <CardDescription>
            {variant === 'create'
              ? 'Corpo enviado ao destino. Use os placeholders abaixo.'
              : 'Corpo enviado ao destino; use placeholders como {{payload.campo}}. Vazio: envia o payload do evento.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {variant === 'create' ? (
            <div className="flex flex-wrap gap-2" data-testid="placeholders">
              {SUBSCRIPTION_BODY_PLACEHOLDERS.map((placeholder) => (
                <Button
                  key={placeholder}
                  variant="outline"
                  size="sm"
                  onClick={() => insertPlaceholder(placeholder)}
                >
                  <code>{placeholder}</code>
                </Button>
              ))}
            </div>
          ) : null}
          <SchemaPathPlaceholders paths={pathSuggestions} onInsert={insertPlaceholder} />
          {hasEventTemplate ? (
            <p
              className="rounded-md border bg-muted/50 p-3 text-sm"
              role="note"
              data-testid="body-source-note"
            >
              {hasJsonBody
                ? 'O evento também tem um template do body: é este JSON Body que é enviado, e {{payload.campo}} nele lê o resultado do template do evento.'
                : 'Sem JSON Body, é enviado o resultado do template do body do evento.'}
            </p>
          ) : null}
          <FormField name="jsonBody" htmlFor="jsonBody" label="JSON Body">
            <Textarea
              id="jsonBody"
              rows={8}
              className="font-mono text-xs"
              placeholder={variant === 'edit' ? EDIT_PLACEHOLDER : undefined}
              {...bodyField}
              ref={(element) => {
                bodyField.ref(element);
                bodyRef.current = element;
              }}
              onFocus={onBodyFocus}
            />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Filtros</CardTitle>
          <CardDescription>Todos os filtros precisam passar para o webhook ser enviado.</CardDescription>
        </CardHeader>
        <CardContent>
          <FiltersEditor pathSuggestions={pathSuggestions} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Limites de entrega</CardTitle>
          <CardDescription>
            Opcionais. Acima do limite por segundo os envios esperam (nunca são descartados). Vazio: sem
            limite por segundo e a parte padrão dos envios simultâneos.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label={RATE_LIMIT_LABEL} name="rateLimitPerSecond" htmlFor="rateLimitPerSecond">
            <Input
              id="rateLimitPerSecond"
              inputMode="numeric"
              placeholder="Sem limite"
              {...register('rateLimitPerSecond')}
            />
          </FormField>
          <FormField label={MAX_IN_FLIGHT_LABEL} name="maxInFlight" htmlFor="maxInFlight">
            <Input id="maxInFlight" inputMode="numeric" placeholder="Padrão" {...register('maxInFlight')} />
          </FormField>
          <FormField
            label="Em falha FIFO"
            name="fifoOnFailure"
            htmlFor="fifoOnFailure"
            description="Só para eventos FIFO: quando uma entrega falha após as novas tentativas, continuar com a próxima da chave, ou segurar a chave até reenviar ou pular a entrega."
          >
            <select
              id="fifoOnFailure"
              className="h-9 rounded-md border bg-background px-3 text-sm"
              {...register('fifoOnFailure')}
            >
              <option value="CONTINUE">Continuar com a próxima</option>
              <option value="HOLD">Segurar a chave</option>
            </select>
          </FormField>
        </CardContent>
      </Card>
    </RecordForm>
  );
}
