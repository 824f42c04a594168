import { zodResolver } from '@hookform/resolvers/zod';
import {
  BODY_TEMPLATE_MESSAGE,
  QUEUE_TYPES,
  SELECTABLE_QUEUE_TYPES,
  type TEventForm,
  type TEventFormValues,
  VISIBILITIES,
  ZEventForm,
} from '@wm/contracts';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AuthFields } from '@/components/forms/auth-details-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { visibilityLabel } from '@/components/ui/status-badges';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useApplicationOptions } from '../api/get-application-options';
import { QUEUE_TYPE_DESCRIPTIONS, QUEUE_TYPE_LABELS } from './event-labels';
import { RadioCards } from './radio-cards';

const isSelectable = (queueType: string) => (SELECTABLE_QUEUE_TYPES as readonly string[]).includes(queueType);

/**
 * Create and edit form of an event. `variant="edit"` draws visibility and queue
 * type as radio cards; create uses selects. Submits the validated form.
 */
export function EventForm({
  defaultValues,
  variant,
  isPending,
  cancelHref,
  onSubmit,
}: {
  defaultValues: TEventFormValues;
  variant: 'create' | 'edit';
  isPending: boolean;
  cancelHref: string;
  onSubmit: (form: TEventForm) => void;
}) {
  const form = useForm<TEventFormValues, unknown, TEventForm>({
    resolver: zodResolver(ZEventForm),
    defaultValues,
  });
  const { register, control, watch, setValue, handleSubmit } = form;
  const applications = useApplicationOptions();
  const enableCallbacks = watch('enableCallbacks');
  const queueType = watch('queueType');

  const onInvalid = (errors: Record<string, unknown>) => {
    if (errors.bodyTemplate) toast.error('Erro no template', { description: BODY_TEMPLATE_MESSAGE });
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
    <FormProvider {...form}>
      <form className="grid gap-6" onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate>
        <Card>
          <CardHeader>
            <CardTitle>Informações básicas</CardTitle>
            <CardDescription>Aplicação, nome e alias usado ao emitir o evento pela API.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label="Aplicação" name="applicationId" htmlFor="applicationId">
              <Controller
                control={control}
                name="applicationId"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <SelectTrigger id="applicationId" aria-label="Aplicação">
                      <SelectValue placeholder="Selecione uma aplicação" />
                    </SelectTrigger>
                    <SelectContent>
                      {(applications.data ?? []).map((application) => (
                        <SelectItem key={application.id} value={application.id}>
                          {application.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
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
                <FormField label="Visibilidade" name="visibility" htmlFor="visibility">
                  <Controller
                    control={control}
                    name="visibility"
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger id="visibility" aria-label="Visibilidade">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {VISIBILITIES.map((visibility) => (
                            <SelectItem key={visibility} value={visibility}>
                              {visibilityLabel[visibility]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </FormField>
                <FormField label="Tipo de fila" name="queueType" htmlFor="queueType">
                  <Controller
                    control={control}
                    name="queueType"
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={field.onChange}>
                        <SelectTrigger id="queueType" aria-label="Tipo de fila">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {QUEUE_TYPES.map((type) => (
                            <SelectItem key={type} value={type} disabled={!isSelectable(type)}>
                              {QUEUE_TYPE_LABELS[type]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </FormField>
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
                <p className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" role="note">
                  A fila imediata não é recomendada para grande escala; para alto volume use RabbitMQ.
                </p>
              </>
            )}
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
              <FormField
                label="Intervalo entre envios (ms)"
                name="delayBetweenSends"
                htmlFor="delayBetweenSends"
                description="De 100 ms a 60 segundos."
              >
                <Input
                  id="delayBetweenSends"
                  type="number"
                  {...register('delayBetweenSends', { valueAsNumber: true })}
                />
              </FormField>
              <FormField
                label="TTL da mensagem (ms)"
                name="messageTtl"
                htmlFor="messageTtl"
                description="De 1 minuto a 24 horas."
              >
                <Input id="messageTtl" type="number" {...register('messageTtl', { valueAsNumber: true })} />
              </FormField>
              <FormField
                label="Máximo de tentativas"
                name="maxRetries"
                htmlFor="maxRetries"
                description="De 0 a 10."
              >
                <Input id="maxRetries" type="number" {...register('maxRetries', { valueAsNumber: true })} />
              </FormField>
              <FormField
                label="Prioridade"
                name="priority"
                htmlFor="priority"
                description="De 1 (baixa) a 10 (alta)."
              >
                <Input id="priority" type="number" {...register('priority', { valueAsNumber: true })} />
              </FormField>
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
          </CardHeader>
          <CardContent>
            <FormField name="bodyTemplate" htmlFor="bodyTemplate" label="Template (JSON)">
              <Textarea
                id="bodyTemplate"
                rows={8}
                className="font-mono text-xs"
                {...register('bodyTemplate')}
              />
            </FormField>
          </CardContent>
        </Card>

        <div className="flex justify-end gap-2">
          <Button variant="outline" asChild>
            <Link to={cancelHref}>Cancelar</Link>
          </Button>
          <Button type="submit" disabled={isPending}>
            {variant === 'create'
              ? isPending
                ? 'Criando...'
                : 'Criar Evento'
              : isPending
                ? 'Salvando...'
                : 'Salvar Alterações'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
