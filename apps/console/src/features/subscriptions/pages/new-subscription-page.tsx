import { subscriptionFormToRequest } from '@wm/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { useCreateSubscription } from '../api/create-subscription';
import { SubscriptionForm } from '../components/subscription-form';
import { newSubscriptionFormValues } from '../components/subscription-form-values';

/** /subscriptions/new (?eventId preselects the event). */
export default function NewSubscriptionPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const creation = useCreateSubscription();
  const eventId = searchParams.get('eventId') ?? '';
  return (
    <div className="grid gap-6">
      <PageHeader title="Nova Assinatura" description="Receba um evento em uma URL sua." />
      <SubscriptionForm
        variant="create"
        defaultValues={newSubscriptionFormValues(eventId)}
        isPending={creation.isPending}
        cancelHref={eventId ? paths.events.detail.getHref(eventId) : paths.subscriptions.list.getHref()}
        onSubmit={async (form) => {
          try {
            const { data: subscription } = await creation.mutateAsync(subscriptionFormToRequest(form));
            toast.success('Assinatura criada', {
              description: `A assinatura "${subscription.name}" foi criada.`,
            });
            navigate(paths.subscriptions.detail.getHref(subscription.id));
          } catch (error) {
            toastError('Erro ao criar assinatura', error);
          }
        }}
      />
    </div>
  );
}
