import { zodResolver } from '@hookform/resolvers/zod';
import {
  EVENT_TYPE_SOURCE_LABELS,
  EVENT_TYPE_SOURCES,
  HMAC_ENCODINGS,
  type TRouteDetail,
  VERIFICATION_FIELDS,
  VERIFICATION_SECRET_FIELDS,
  VERIFICATION_TYPE_LABELS,
  VERIFICATION_TYPES,
  type VerificationField,
  ZEventTypeFrom,
  ZVerificationInput,
} from '@wm/contracts';
import { Loader2 } from 'lucide-react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DetailField, DetailListCard } from '@/components/detail-page';
import { SelectField } from '@/components/forms/select-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api-client';
import { useUpdateRoute } from '../api/update-route';

const ZIngestSettings = z.object({ verification: ZVerificationInput, eventTypeFrom: ZEventTypeFrom });
type IngestSettingsValues = z.input<typeof ZIngestSettings>;
type IngestSettings = z.output<typeof ZIngestSettings>;

const FIELD_LABELS: Record<VerificationField, string> = {
  secret: 'Segredo',
  header: 'Cabeçalho',
  encoding: 'Codificação',
  prefix: 'Prefixo (opcional)',
  username: 'Usuário',
  password: 'Senha',
  value: 'Valor da chave',
};

const VALUE_LABELS = {
  HEADER: { label: 'Nome do cabeçalho', placeholder: 'X-GitHub-Event' },
  BODY_PATH: { label: 'Caminho no corpo', placeholder: 'type' },
  FIXED: { label: 'Alias do tipo de evento', placeholder: 'pedido.criado' },
} as const;

const valuesOf = (route: TRouteDetail): IngestSettingsValues => ({
  verification: {
    type: route.verification?.type ?? ('' as 'NONE'),
    header: route.verification?.header ?? '',
    encoding: route.verification?.encoding ?? 'hex',
    prefix: route.verification?.prefix ?? '',
    username: route.verification?.username ?? '',
    secret: '',
    password: '',
    value: '',
  },
  eventTypeFrom: route.eventTypeFrom,
});

/** The sender check and where the event type is read: a form for editors, a summary for readers. */
export function IngestSettingsCard({ route }: { route: TRouteDetail }) {
  return route.permissions.canWrite ? (
    <IngestSettingsForm route={route} />
  ) : (
    <IngestSettingsSummary route={route} />
  );
}

function IngestSettingsSummary({ route }: { route: TRouteDetail }) {
  const { verification, eventTypeFrom } = route;
  return (
    <DetailListCard title="Verificação e tipo de evento">
      <DetailField label="Verificação">
        {verification
          ? VERIFICATION_TYPE_LABELS[verification.type]
          : 'Não configurada (toda requisição é recusada)'}
      </DetailField>
      {verification?.header ? <DetailField label="Cabeçalho">{verification.header}</DetailField> : null}
      {verification?.username ? <DetailField label="Usuário">{verification.username}</DetailField> : null}
      <DetailField label="Tipo de evento">
        {EVENT_TYPE_SOURCE_LABELS[eventTypeFrom.source]}: <code>{eventTypeFrom.value}</code>
      </DetailField>
    </DetailListCard>
  );
}

function IngestSettingsForm({ route }: { route: TRouteDetail }) {
  const form = useForm<IngestSettingsValues, unknown, IngestSettings>({
    resolver: zodResolver(ZIngestSettings),
    defaultValues: valuesOf(route),
  });
  const update = useUpdateRoute();
  const type = form.watch('verification.type');
  const source = form.watch('eventTypeFrom.source');
  const fields =
    type && VERIFICATION_FIELDS[type]
      ? [...VERIFICATION_FIELDS[type].required, ...VERIFICATION_FIELDS[type].optional]
      : [];
  // A secret already stored for this type may be left blank: it is kept.
  const isStored = (field: VerificationField) =>
    route.verification?.type === type && route.verification[field as 'secret'] !== null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: route.id, input: values });
      toast.success('Recebimento salvo');
      form.reset({
        ...values,
        verification: { ...values.verification, secret: '', password: '', value: '' },
      } as IngestSettingsValues);
    } catch (error) {
      toastError('Erro ao salvar o recebimento', error);
    }
  });

  return (
    <Card data-testid="ingest-settings">
      <CardHeader>
        <CardTitle>Verificação e tipo de evento</CardTitle>
        <CardDescription>
          Como a rota confere quem enviou (sobre os bytes recebidos) e de onde lê o tipo de evento, comparado
          aos aliases dos tipos de evento da rota. Segredos nunca são exibidos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            <SelectField
              name="verification.type"
              label="Verificação"
              placeholder="Escolha como verificar o remetente"
              options={VERIFICATION_TYPES.map((value) => ({ value, label: VERIFICATION_TYPE_LABELS[value] }))}
            />
            {fields.map((field) =>
              field === 'encoding' ? (
                <SelectField
                  key={field}
                  name="verification.encoding"
                  label={FIELD_LABELS.encoding}
                  options={HMAC_ENCODINGS.map((value) => ({ value, label: value }))}
                />
              ) : (
                <FormField
                  key={field}
                  label={FIELD_LABELS[field]}
                  name={`verification.${field}`}
                  htmlFor={`verification-${field}`}
                >
                  <Input
                    id={`verification-${field}`}
                    type={VERIFICATION_SECRET_FIELDS.includes(field) ? 'password' : 'text'}
                    autoComplete="off"
                    placeholder={
                      VERIFICATION_SECRET_FIELDS.includes(field) && isStored(field)
                        ? '•••••• (deixe em branco para manter)'
                        : field === 'prefix'
                          ? 'sha256='
                          : undefined
                    }
                    {...form.register(`verification.${field}`)}
                  />
                </FormField>
              ),
            )}
            <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
              <SelectField
                name="eventTypeFrom.source"
                label="Tipo de evento vem de"
                options={EVENT_TYPE_SOURCES.map((value) => ({
                  value,
                  label: EVENT_TYPE_SOURCE_LABELS[value],
                }))}
              />
              <FormField
                label={VALUE_LABELS[source].label}
                name="eventTypeFrom.value"
                htmlFor="event-type-from-value"
              >
                <Input
                  id="event-type-from-value"
                  placeholder={VALUE_LABELS[source].placeholder}
                  {...form.register('eventTypeFrom.value')}
                />
              </FormField>
            </div>
            <Button type="submit" className="w-fit" disabled={update.isPending}>
              {update.isPending ? <Loader2 className="animate-spin" /> : null}
              Salvar recebimento
            </Button>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
