import { zodResolver } from '@hookform/resolvers/zod';
import { type TCreateApplicationRequest, ZCreateApplicationRequest } from '@wm/contracts';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { BackButton } from '@/components/detail-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { useCreateApplication } from '../api/create-application';

export default function ApplicationNewPage() {
  const navigate = useNavigate();
  const creation = useCreateApplication();
  const form = useForm<z.input<typeof ZCreateApplicationRequest>, unknown, TCreateApplicationRequest>({
    resolver: zodResolver(ZCreateApplicationRequest),
    defaultValues: { name: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await creation.mutateAsync(values);
      toast.success('Aplicação criada', { description: 'A aplicação foi criada com sucesso.' });
      navigate(paths.applications.list.getHref());
    } catch (error) {
      toastError('Erro ao criar aplicação', error);
    }
  });

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <BackButton to={paths.applications.list.getHref()} />
      <PageHeader
        title="Nova Aplicação"
        description="Crie uma aplicação para emitir eventos com a sua API Key."
      />
      <Card>
        <CardHeader>
          <CardTitle>Informações da aplicação</CardTitle>
          <CardDescription>
            A API Key é gerada automaticamente. Visibilidade e callback podem ser configurados depois, na
            edição.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField label="Nome" htmlFor="name" error={errors.name?.message}>
              <Input
                id="name"
                placeholder="Minha aplicação"
                aria-invalid={Boolean(errors.name)}
                {...form.register('name')}
              />
            </FormField>
            <div className="flex justify-end gap-2">
              <Button asChild variant="outline">
                <Link to={paths.applications.list.getHref()}>Cancelar</Link>
              </Button>
              <Button type="submit" disabled={creation.isPending}>
                {creation.isPending ? <Loader2 className="animate-spin" /> : null}
                {creation.isPending ? 'Criando...' : 'Criar Aplicação'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
