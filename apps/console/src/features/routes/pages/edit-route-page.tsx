import type { TRouteInput } from '@wm/contracts';
import { useParams } from 'react-router';
import { EditRecordPage } from '@/components/edit-record-page';
import { paths } from '@/config/paths';
import { UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useRoute } from '../api/get-route';
import { useUpdateRoute } from '../api/update-route';
import { NextStepsCard } from '../components/next-steps-card';
import { RouteForm } from '../components/route-form';
import { routeToFormValues } from '../components/route-form-values';

/** /routes/{id}/edit: on success back to the detail. */
export default function EditRoutePage() {
  const { id = '' } = useParams();
  const route = useRoute(id);
  const update = useUpdateRoute();

  return (
    <EditRecordPage
      query={route}
      title="Editar Rota"
      notFoundTitle={messages.routeNotFound}
      forbiddenDescription="Você pode ver esta rota, mas não alterá-la."
      listHref={paths.routes.list.getHref()}
      savedTitle="Rota atualizada"
      errorTitle="Erro ao atualizar rota"
      errorFallback={UNEXPECTED_ERROR_SENTENCE}
      save={(input: TRouteInput) => update.mutateAsync({ id, input })}
      detailHref={paths.routes.detail.getHref(id)}
    >
      {(record, submit) => (
        <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
          <RouteForm
            variant="edit"
            defaultValues={routeToFormValues(record)}
            isPending={update.isPending}
            cancelHref={paths.routes.detail.getHref(id)}
            onSubmit={submit}
          />
          <NextStepsCard />
        </div>
      )}
    </EditRecordPage>
  );
}
