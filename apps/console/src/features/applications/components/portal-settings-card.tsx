import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TApplicationDetail,
  type TPortalSettings,
  type TPortalSettingsForm,
  ZPortalSettings,
} from '@wm/contracts';
import { Loader2 } from 'lucide-react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api-client';
import { useUpdateApplication } from '../api/update-application';
import { LinesListField } from './lines-list-field';

/**
 * How the application's consumers see the portal: the sites that may embed it (the browser refuses
 * every other) and its brand. Saved on the application, for its writers.
 */
export function PortalSettingsCard({ application }: { application: TApplicationDetail }) {
  const update = useUpdateApplication();
  const form = useForm<TPortalSettingsForm, unknown, TPortalSettings>({
    resolver: zodResolver(ZPortalSettings),
    defaultValues: {
      allowedOrigins: application.portal.allowedOrigins,
      accentColor: application.portal.accentColor ?? '',
      logoUrl: application.portal.logoUrl ?? '',
      displayName: application.portal.displayName ?? '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (portal) => {
    try {
      await update.mutateAsync({ id: application.id, input: { portal } });
      toast.success('Portal atualizado', {
        description: 'As novas configurações valem na próxima abertura.',
      });
    } catch (error) {
      toastError('Erro ao salvar o portal', error);
    }
  });

  return (
    <Card data-testid="portal-settings">
      <CardHeader>
        <CardTitle>Portal dos clientes</CardTitle>
        <CardDescription>
          Sites que podem incorporar o portal num iframe e a marca que ele mostra aos seus clientes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            <LinesListField
              name="allowedOrigins"
              id="portal-origins"
              label="Origens permitidas"
              description="Uma por linha, ex.: https://app.exemplo.com. Vazio: o portal não abre dentro de outros sites."
              className="sm:col-span-2"
            />
            <FormField label="Nome exibido" htmlFor="portal-name" error={errors.displayName?.message}>
              <Input id="portal-name" {...form.register('displayName')} />
            </FormField>
            <FormField label="Cor principal" htmlFor="portal-color" error={errors.accentColor?.message}>
              <Input id="portal-color" placeholder="#2563eb" {...form.register('accentColor')} />
            </FormField>
            <FormField
              label="URL do logotipo"
              htmlFor="portal-logo"
              error={errors.logoUrl?.message}
              className="sm:col-span-2"
            >
              <Input id="portal-logo" placeholder="https://" {...form.register('logoUrl')} />
            </FormField>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? <Loader2 className="animate-spin" /> : null}
                Salvar portal
              </Button>
            </div>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
