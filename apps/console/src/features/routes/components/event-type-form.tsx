import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCreateRouteEventTypeRequest,
  type TRouteEventTypeInput,
  ZCreateRouteEventTypeRequest,
} from '@wm/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { FormActions } from '@/components/forms/form-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ActiveSwitchField } from './switch-field';

/** Create form of a route event type: name, alias, description, active. */
export function EventTypeForm({
  routeId,
  isPending,
  cancelHref,
  onSubmit,
}: {
  routeId: string;
  isPending: boolean;
  cancelHref: string;
  onSubmit: (form: TRouteEventTypeInput) => void;
}) {
  const form = useForm<TCreateRouteEventTypeRequest, unknown, TRouteEventTypeInput>({
    resolver: zodResolver(ZCreateRouteEventTypeRequest),
    defaultValues: { routeId, name: '', alias: '', description: '', isActive: true },
  });
  const { register, handleSubmit } = form;
  return (
    <FormProvider {...form}>
      <form className="grid gap-6" onSubmit={handleSubmit(onSubmit)} noValidate>
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
            <FormField label="Descrição" name="description" htmlFor="description">
              <Textarea id="description" rows={3} {...register('description')} />
            </FormField>
            <ActiveSwitchField description="Tipos inativos não disparam regras." />
          </CardContent>
        </Card>
        <FormActions
          variant="create"
          createLabel="Criar Tipo de Evento"
          isPending={isPending}
          cancelHref={cancelHref}
        />
      </form>
    </FormProvider>
  );
}
