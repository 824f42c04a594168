import { zodResolver } from '@hookform/resolvers/zod';
import {
  ROUTE_METHODS,
  type TCreateRouteRequest,
  type TRouteInput,
  ZCreateRouteRequest,
} from '@wm/contracts';
import { useForm } from 'react-hook-form';
import { ActiveSwitchField } from '@/components/forms/active-switch-field';
import { ApplicationSelectField } from '@/components/forms/application-select-field';
import { DescriptionField } from '@/components/forms/description-field';
import { RecordForm, type RecordFormProps } from '@/components/forms/record-form';
import { SelectField } from '@/components/forms/select-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** Create and edit form of a route: name, endpoint, method, application, description, active. */
export function RouteForm({
  defaultValues,
  ...formProps
}: RecordFormProps<TRouteInput> & {
  defaultValues: TCreateRouteRequest;
}) {
  const form = useForm<TCreateRouteRequest, unknown, TRouteInput>({
    resolver: zodResolver(ZCreateRouteRequest),
    defaultValues,
  });
  const { register } = form;
  return (
    <RecordForm form={form} createLabel="Criar Rota" {...formProps}>
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
          <ApplicationSelectField />
          <DescriptionField placeholder="O que chega por esta rota" />
          <ActiveSwitchField description="Rotas inativas não disparam regras." />
        </CardContent>
      </Card>
    </RecordForm>
  );
}
