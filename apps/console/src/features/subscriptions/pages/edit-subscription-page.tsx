import type { TSubscriptionForm } from '@wm/contracts';
import { useParams } from 'react-router';
import { EditRecordPage } from '@/components/edit-record-page';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';
import { useSubscription } from '../api/get-subscription';
import { useUpdateSubscription } from '../api/update-subscription';
import { SubscriptionForm } from '../components/subscription-form';
import { subscriptionFormToUpdate, subscriptionToFormValues } from '../components/subscription-form-values';

/** /subscriptions/{id}/edit: on success back to the detail. */
export default function EditSubscriptionPage() {
  const { id = '' } = useParams();
  const subscription = useSubscription(id);
  const update = useUpdateSubscription();

  return (
    <EditRecordPage
      query={subscription}
      title="Editar Assinatura"
      notFoundTitle={messages.subscriptionNotFound}
      forbiddenDescription="Você pode ver esta assinatura, mas não alterá-la."
      listHref={paths.subscriptions.list.getHref()}
      savedTitle="Assinatura atualizada"
      errorTitle="Erro ao atualizar assinatura"
      save={(input: TSubscriptionForm) => update.mutateAsync({ id, input: subscriptionFormToUpdate(input) })}
      detailHref={paths.subscriptions.detail.getHref(id)}
    >
      {(record, submit) => (
        <SubscriptionForm
          variant="edit"
          defaultValues={subscriptionToFormValues(record)}
          savedClientTls={record.clientTls}
          isPending={update.isPending}
          cancelHref={paths.subscriptions.detail.getHref(id)}
          onSubmit={submit}
        />
      )}
    </EditRecordPage>
  );
}
