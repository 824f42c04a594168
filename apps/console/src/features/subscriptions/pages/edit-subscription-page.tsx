import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EditRecordPage } from '@/components/edit-record-page';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useSubscription } from '../api/get-subscription';
import { useUpdateSubscription } from '../api/update-subscription';
import { SubscriptionForm } from '../components/subscription-form';
import { subscriptionFormToUpdate, subscriptionToFormValues } from '../components/subscription-form-values';

/** /subscriptions/{id}/edit: on success back to the detail. */
export default function EditSubscriptionPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const subscription = useSubscription(id);
  const update = useUpdateSubscription();

  return (
    <EditRecordPage
      query={subscription}
      title="Editar Assinatura"
      notFoundTitle={messages.subscriptionNotFound}
      forbiddenDescription="Você pode ver esta assinatura, mas não alterá-la."
      listHref={paths.subscriptions.list.getHref()}
      detailHref={paths.subscriptions.detail.getHref(id)}
    >
      {(record) => (
        <SubscriptionForm
          variant="edit"
          defaultValues={subscriptionToFormValues(record)}
          isPending={update.isPending}
          cancelHref={paths.subscriptions.detail.getHref(id)}
          onSubmit={async (form) => {
            try {
              await update.mutateAsync({ id, input: subscriptionFormToUpdate(form) });
              toast.success('Assinatura atualizada', { description: messages.saved });
              navigate(paths.subscriptions.detail.getHref(id));
            } catch (error) {
              toastError('Erro ao atualizar assinatura', error);
            }
          }}
        />
      )}
    </EditRecordPage>
  );
}
