import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TApplicationDetail,
  type TUpdateApplicationForm,
  type TUpdateApplicationRequest,
  ZUpdateApplicationRequest,
} from '@wm/contracts';
import { Loader2 } from 'lucide-react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useUpdateApplication } from '../api/update-application';
import { CallbackAuthFields } from './callback-auth-fields';

const VISIBILITY_OPTIONS = [
  { value: 'PRIVATE', label: 'Privada', hint: 'Visível apenas para os membros da aplicação.' },
  { value: 'PUBLIC', label: 'Pública', hint: 'Qualquer usuário autenticado pode descobrir e ler.' },
] as const;

export function ApplicationEditForm({ application }: { application: TApplicationDetail }) {
  const navigate = useNavigate();
  const update = useUpdateApplication();
  const form = useForm<TUpdateApplicationForm, unknown, TUpdateApplicationRequest>({
    resolver: zodResolver(ZUpdateApplicationRequest),
    defaultValues: {
      name: application.name,
      visibility: application.visibility,
      callbackUrl: application.callbackUrl ?? '',
      callbackAuthType: application.callbackAuthType,
      callbackAuthDetails: application.callbackAuthDetails ?? {},
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: application.id, input: values });
      toast.success('Aplicação atualizada', { description: messages.saved });
      navigate(paths.applications.detail.getHref(application.id));
    } catch (error) {
      toastError('Erro ao atualizar aplicação', error);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Informações básicas</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label="Nome" htmlFor="name" error={errors.name?.message}>
              <Input id="name" aria-invalid={Boolean(errors.name)} {...form.register('name')} />
            </FormField>
            <FormField label="Visibilidade" name="visibility">
              <Controller
                control={form.control}
                name="visibility"
                render={({ field }) => (
                  <RadioGroup value={field.value} onValueChange={field.onChange} className="sm:grid-cols-2">
                    {VISIBILITY_OPTIONS.map((option) => (
                      <Label
                        key={option.value}
                        htmlFor={`visibility-${option.value}`}
                        className="flex cursor-pointer items-start gap-3 rounded-md border p-3 font-normal has-[[data-state=checked]]:border-primary"
                      >
                        <RadioGroupItem
                          id={`visibility-${option.value}`}
                          value={option.value}
                          className="mt-0.5"
                        />
                        <span className="grid gap-1">
                          <span className="font-medium">{option.label}</span>
                          <span className="text-xs text-muted-foreground">{option.hint}</span>
                        </span>
                      </Label>
                    ))}
                  </RadioGroup>
                )}
              />
            </FormField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Callback</CardTitle>
            <CardDescription>
              URL chamada ao final das entregas dos eventos desta aplicação (opcional).
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label="Callback URL" htmlFor="callbackUrl" error={errors.callbackUrl?.message}>
              <Input
                id="callbackUrl"
                placeholder="https://sua-api.com/callback"
                aria-invalid={Boolean(errors.callbackUrl)}
                {...form.register('callbackUrl')}
              />
            </FormField>
            <CallbackAuthFields />
          </CardContent>
        </Card>
        <div className="flex justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={paths.applications.detail.getHref(application.id)}>Cancelar</Link>
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Loader2 className="animate-spin" /> : null}
            {update.isPending ? 'Salvando...' : 'Salvar Alterações'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
