import { zodResolver } from '@hookform/resolvers/zod';
import {
  RULE_APPLICATION_REQUIRED,
  RULE_CONDITIONS_REQUIRED,
  RULE_FORM_MESSAGE_TITLES,
  RULE_NAME_REQUIRED,
  RULE_ROUTE_REQUIRED,
  type TEventRuleInput,
  ZCreateEventRuleRequest,
} from '@wm/contracts';
import { listSchemaPaths } from '@wm/rules';
import { useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ActiveSwitchField } from '@/components/forms/active-switch-field';
import { DescriptionField } from '@/components/forms/description-field';
import { RecordForm, type RecordFormProps } from '@/components/forms/record-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useRouteOptions } from '../api/get-route-options';
import { useRuleRoute } from '../api/get-rule-route';
import { type RuleFormValues, ruleFormToRequest } from '../lib/rule-form-values';
import { ConditionsEditor } from './conditions-editor';
import { LinkedEventSelect } from './linked-event-select';

const validate = zodResolver(ZCreateEventRuleRequest);
/** The contracts' schema judges what the form would send (empty value placeholders dropped). */
const resolver: Resolver<RuleFormValues, unknown, TEventRuleInput> = (values, context, options) =>
  validate(ruleFormToRequest(values), context, options as never) as never;

/** The submit messages that also toast, in the order the user meets them. */
const TOASTED_MESSAGES = [
  RULE_NAME_REQUIRED,
  RULE_APPLICATION_REQUIRED,
  RULE_ROUTE_REQUIRED,
  RULE_CONDITIONS_REQUIRED,
];

function toastFirstProblem(values: RuleFormValues) {
  const result = ZCreateEventRuleRequest.safeParse(ruleFormToRequest(values));
  if (result.success) return;
  const messages = result.error.issues.map((issue) => issue.message);
  const message = TOASTED_MESSAGES.find((candidate) => messages.includes(candidate));
  if (message) toast.error(RULE_FORM_MESSAGE_TITLES[message], { description: message });
}

/**
 * Create and edit form of a rule. The route picker sets the application and clears the event type;
 * the event type (disabled until a route is chosen) gives the conditions their type, its alias.
 */
export function RuleForm({
  defaultValues,
  variant,
  ...formProps
}: RecordFormProps<TEventRuleInput> & {
  defaultValues: RuleFormValues;
}) {
  const form = useForm<RuleFormValues, unknown, TEventRuleInput>({ resolver, defaultValues });
  const { register, control, watch, setValue, getValues, formState } = form;
  const routes = useRouteOptions();
  const routeId = watch('routeId');
  const applicationId = watch('applicationId');
  const route = useRuleRoute(routeId || undefined);
  const routeOption = routes.data?.find((option) => option.id === routeId);
  const activeFields = (route.data?.fields ?? []).filter((field) => field.isActive);
  const routeEventTypeId = watch('routeEventTypeId');
  const eventTypeSchema =
    route.data?.eventTypes.find((option) => option.id === routeEventTypeId)?.schema ?? null;
  const schemaPaths = useMemo(() => listSchemaPaths(eventTypeSchema, 'data'), [eventTypeSchema]);

  const chooseRoute = (id: string) => {
    const chosen = routes.data?.find((option) => option.id === id);
    const nextApplicationId = chosen?.applicationId ?? '';
    // Events belong to the application; a linked event of another one cannot stay.
    if (nextApplicationId !== getValues('applicationId')) setValue('eventId', '');
    setValue('routeId', id, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('applicationId', nextApplicationId, { shouldValidate: formState.isSubmitted });
    setValue('routeEventTypeId', '');
    setValue('conditions.type', '');
  };
  const chooseEventType = (id: string) => {
    const eventType = route.data?.eventTypes.find((option) => option.id === id);
    setValue('routeEventTypeId', id, { shouldDirty: true });
    setValue('conditions.type', eventType?.alias ?? '');
  };

  return (
    <RecordForm
      form={form}
      createLabel="Criar Regra"
      onInvalid={() => toastFirstProblem(getValues())}
      variant={variant}
      {...formProps}
    >
      <Card>
        <CardHeader>
          <CardTitle>Informações da regra</CardTitle>
          <CardDescription>
            A rota define a aplicação; o tipo de evento define o que a regra escuta.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Nome" name="name" htmlFor="name">
            <Input id="name" placeholder="Saudação recebida" {...register('name')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Rota *" name="routeId" htmlFor="routeId" className="content-start">
              <Select value={routeId || undefined} onValueChange={chooseRoute}>
                <SelectTrigger id="routeId" aria-label="Rota">
                  <SelectValue placeholder="Selecione uma rota" />
                </SelectTrigger>
                <SelectContent className="max-h-72">
                  {(routes.data ?? []).map((option) => (
                    <SelectItem key={option.id} value={option.id}>
                      {option.name} ({option.method} {option.endpoint})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField
              label="Tipo de evento *"
              name="routeEventTypeId"
              htmlFor="routeEventTypeId"
              className="content-start"
            >
              <Controller
                control={control}
                name="routeEventTypeId"
                render={({ field }) => (
                  // '' brings the placeholder back when a new route clears the type; undefined would not.
                  <Select value={field.value} onValueChange={chooseEventType} disabled={!routeId}>
                    <SelectTrigger id="routeEventTypeId" aria-label="Tipo de evento">
                      <SelectValue
                        placeholder={routeId ? 'Selecione um tipo de evento' : 'Escolha uma rota primeiro'}
                      />
                    </SelectTrigger>
                    <SelectContent className="max-h-72">
                      {(route.data?.eventTypes ?? []).map((eventType) => (
                        <SelectItem key={eventType.id} value={eventType.id}>
                          {eventType.name} ({eventType.alias})
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </div>
          <FormField label="Aplicação" name="applicationId">
            <p className="text-sm" data-testid="rule-application">
              {routeOption?.application.name ??
                (applicationId ? applicationId : 'Definida pela rota escolhida')}
            </p>
          </FormField>
          <DescriptionField placeholder="O que esta regra faz" />
          {variant === 'edit' ? <LinkedEventSelect applicationId={applicationId} /> : null}
          <ActiveSwitchField label="Ativa" description="Regras inativas não são avaliadas." />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Condições</CardTitle>
            <CardDescription>
              {routeId && activeFields.length === 0 && !route.isPending
                ? 'Esta rota não tem campos ativos: defina campos na rota para usá-los aqui.'
                : 'Os campos são os caminhos definidos na rota.'}
            </CardDescription>
          </div>
          <Controller
            control={control}
            name="conditions.logic"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger className="w-64" aria-label="Lógica">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="AND">AND (todas as condições)</SelectItem>
                  <SelectItem value="OR">OR (qualquer condição)</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </CardHeader>
        <CardContent>
          <ConditionsEditor fields={activeFields} schemaPaths={schemaPaths} />
        </CardContent>
      </Card>
    </RecordForm>
  );
}
