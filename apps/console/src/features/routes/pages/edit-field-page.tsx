import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/detail-page';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toastError, UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useRouteField } from '../api/get-route-field';
import { useUpdateRouteField } from '../api/update-route-field';
import { FieldForm, fieldToFormValues } from '../components/field-form';

/** /routes/{routeId}/fields/{fieldId}/edit: on success back to the route. */
export default function EditFieldPage() {
  const { routeId = '', fieldId = '' } = useParams();
  const navigate = useNavigate();
  const field = useRouteField(fieldId);
  const update = useUpdateRouteField();
  const routeHref = paths.routes.detail.getHref(routeId);

  if (field.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  // A field of another route is as missing as an unknown one.
  if (!field.data || field.data.routeId !== routeId) {
    return <RecordFallback query={field} title="Campo não encontrado" backHref={routeHref} />;
  }
  if (!field.data.permissions.canWrite) {
    return (
      <EditForbiddenState description="Você pode ver este campo, mas não alterá-lo." backHref={routeHref} />
    );
  }
  return (
    <div className="grid gap-6">
      <BackLink to={routeHref}>Voltar para a rota</BackLink>
      <PageHeader title="Editar Campo" description={field.data.name} />
      <FieldForm
        variant="edit"
        defaultValues={fieldToFormValues(field.data)}
        isPending={update.isPending}
        cancelHref={routeHref}
        onSubmit={async (form) => {
          try {
            // The route of a field does not change.
            const { routeId: _routeId, ...input } = form;
            await update.mutateAsync({ id: fieldId, input });
            toast.success('Campo atualizado', { description: messages.saved });
            navigate(routeHref);
          } catch (error) {
            toastError('Erro ao atualizar campo', error, UNEXPECTED_ERROR_SENTENCE);
          }
        }}
      />
    </div>
  );
}
