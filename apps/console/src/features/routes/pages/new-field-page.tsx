import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/detail-page';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toastError, UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useCreateRouteField } from '../api/create-route-field';
import { useRoute } from '../api/get-route';
import { FieldForm, newFieldFormValues } from '../components/field-form';

/** /routes/{id}/fields/new: on success back to the route. */
export default function NewFieldPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const route = useRoute(id);
  const creation = useCreateRouteField();

  if (route.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!route.data) {
    return (
      <RecordFallback query={route} title={messages.routeNotFound} backHref={paths.routes.list.getHref()} />
    );
  }
  return (
    <div className="grid gap-6">
      <BackLink to={paths.routes.detail.getHref(id)}>Voltar para a rota</BackLink>
      <PageHeader title="Novo Campo" description={`Rota: ${route.data.name}`} />
      <FieldForm
        variant="create"
        defaultValues={newFieldFormValues(id)}
        isPending={creation.isPending}
        cancelHref={paths.routes.detail.getHref(id)}
        onSubmit={async (form) => {
          try {
            const { data: field } = await creation.mutateAsync(form);
            toast.success('Campo criado', { description: `O campo "${field.name}" foi criado.` });
            navigate(paths.routes.detail.getHref(id));
          } catch (error) {
            toastError('Erro ao criar campo', error, UNEXPECTED_ERROR_SENTENCE);
          }
        }}
      />
    </div>
  );
}
