import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { toastError, UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { useCreateRoute } from '../api/create-route';
import { NextStepsCard } from '../components/next-steps-card';
import { RouteForm } from '../components/route-form';
import { newRouteFormValues } from '../components/route-form-values';

/** /routes/new: on success to the new route's detail, where its event types and fields are added. */
export default function NewRoutePage() {
  const navigate = useNavigate();
  const creation = useCreateRoute();
  return (
    <div className="grid gap-6">
      <PageHeader title="Nova Rota" description="Descreva um endpoint que recebe dados para as regras." />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <RouteForm
          variant="create"
          defaultValues={newRouteFormValues()}
          isPending={creation.isPending}
          cancelHref={paths.routes.list.getHref()}
          onSubmit={async (form) => {
            try {
              const { data: route } = await creation.mutateAsync(form);
              toast.success('Rota criada', { description: `A rota "${route.name}" foi criada.` });
              navigate(paths.routes.detail.getHref(route.id));
            } catch (error) {
              toastError('Erro ao criar rota', error, UNEXPECTED_ERROR_SENTENCE);
            }
          }}
        />
        <NextStepsCard />
      </div>
    </div>
  );
}
