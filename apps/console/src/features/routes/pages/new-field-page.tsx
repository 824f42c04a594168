import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { toastError, UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { useCreateRouteField } from '../api/create-route-field';
import { FieldForm, newFieldFormValues } from '../components/field-form';
import { RouteChildPage } from '../components/route-child-page';

/** /routes/{id}/fields/new: on success back to the route. */
export default function NewFieldPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const creation = useCreateRouteField();

  return (
    <RouteChildPage routeId={id} title="Novo Campo">
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
    </RouteChildPage>
  );
}
