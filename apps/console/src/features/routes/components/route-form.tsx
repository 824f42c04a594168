import { zodResolver } from '@hookform/resolvers/zod';
import {
  ROUTE_METHODS,
  type TCreateRouteRequest,
  type TRouteInput,
  ZCreateRouteRequest,
} from '@wm/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { FormActions } from '@/components/forms/form-actions';
import { SelectField } from '@/components/forms/select-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useApplicationOptions } from '@/lib/application-options';
import { ActiveSwitchField } from './switch-field';

/** Create and edit form of a route: name, endpoint, method, application, description, active. */
export function RouteForm({
  defaultValues,
  variant,
  isPending,
  cancelHref,
  onSubmit,
}: {
  defaultValues: TCreateRouteRequest;
  variant: 'create' | 'edit';
  isPending: boolean;
  cancelHref: string;
  onSubmit: (form: TRouteInput) => void;
}) {
  const form = useForm<TCreateRouteRequest, unknown, TRouteInput>({
    resolver: zodResolver(ZCreateRouteRequest),
    defaultValues,
  });
  const { register, handleSubmit } = form;
  const applications = useApplicationOptions();
  return (
    <FormProvider {...form}>
      <form className="grid gap-6" onSubmit={handleSubmit(onSubmit)} noValidate>
        <Card>
          <CardHeader>
            <CardTitle>Informações da rota</CardTitle>
            <CardDescription>O endpoint que recebe os dados enviados para as regras.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label="Nome" name="name" htmlFor="name">
              <Input id="name" placeholder="Mensagens do WhatsApp" {...register('name')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
              <FormField label="Endpoint" name="endpoint" htmlFor="endpoint">
                <Input id="endpoint" placeholder="/webhooks/whatsapp" {...register('endpoint')} />
              </FormField>
              <SelectField
                name="method"
                label="Método"
                options={ROUTE_METHODS.map((method) => ({ value: method, label: method }))}
              />
            </div>
            <SelectField
              name="applicationId"
              label="Aplicação"
              placeholder="Selecione uma aplicação"
              options={(applications.data ?? []).map((application) => ({
                value: application.id,
                label: application.name,
              }))}
            />
            <FormField label="Descrição" name="description" htmlFor="description">
              <Textarea
                id="description"
                rows={3}
                placeholder="O que chega por esta rota"
                {...register('description')}
              />
            </FormField>
            <ActiveSwitchField description="Rotas inativas não disparam regras." />
          </CardContent>
        </Card>
        <FormActions
          variant={variant}
          createLabel="Criar Rota"
          isPending={isPending}
          cancelHref={cancelHref}
        />
      </form>
    </FormProvider>
  );
}
