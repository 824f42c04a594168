import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
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

  if (subscription.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!subscription.data) {
    return (
      <RecordFallback
        query={subscription}
        title={messages.subscriptionNotFound}
        backHref={paths.subscriptions.list.getHref()}
      />
    );
  }
  if (!subscription.data.permissions.canWrite) {
    return (
      <EditForbiddenState
        description="Você pode ver esta assinatura, mas não alterá-la."
        backHref={paths.subscriptions.detail.getHref(id)}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <PageHeader title="Editar Assinatura" description={subscription.data.name} />
      <SubscriptionForm
        variant="edit"
        defaultValues={subscriptionToFormValues(subscription.data)}
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
    </div>
  );
}
