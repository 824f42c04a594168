import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toastError, UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useRoute } from '../api/get-route';
import { useUpdateRoute } from '../api/update-route';
import { NextStepsCard } from '../components/next-steps-card';
import { RouteForm } from '../components/route-form';
import { routeToFormValues } from '../components/route-form-values';

/** /routes/{id}/edit: on success back to the detail. */
export default function EditRoutePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const route = useRoute(id);
  const update = useUpdateRoute();

  if (route.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!route.data) {
    return (
      <RecordFallback query={route} title={messages.routeNotFound} backHref={paths.routes.list.getHref()} />
    );
  }
  if (!route.data.permissions.canWrite) {
    return (
      <EditForbiddenState
        description="Você pode ver esta rota, mas não alterá-la."
        backHref={paths.routes.detail.getHref(id)}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <PageHeader title="Editar Rota" description={route.data.name} />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <RouteForm
          variant="edit"
          defaultValues={routeToFormValues(route.data)}
          isPending={update.isPending}
          cancelHref={paths.routes.detail.getHref(id)}
          onSubmit={async (form) => {
            try {
              await update.mutateAsync({ id, input: form });
              toast.success('Rota atualizada', { description: messages.saved });
              navigate(paths.routes.detail.getHref(id));
            } catch (error) {
              toastError('Erro ao atualizar rota', error, UNEXPECTED_ERROR_SENTENCE);
            }
          }}
        />
        <NextStepsCard />
      </div>
    </div>
  );
}
