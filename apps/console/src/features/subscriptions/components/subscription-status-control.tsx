import type { EntityStatus, TSubscription } from '@wm/contracts';
import { toast } from 'sonner';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toastError } from '@/lib/api-client';
import { useUpdateSubscription } from '../api/update-subscription';
import { subscriptionStatusOptions } from '../lib/subscription-status';

/** The subscription's status, changed at once; choosing Ativa brings back one the system disabled. */
export function SubscriptionStatusControl({ subscription }: { subscription: TSubscription }) {
  const update = useUpdateSubscription();
  const changeStatus = async (status: EntityStatus) => {
    try {
      await update.mutateAsync({ id: subscription.id, input: { status } });
      toast.success('Status alterado');
    } catch (error) {
      toastError('Erro ao alterar status', error);
    }
  };
  return (
    <Select
      value={subscription.status}
      disabled={update.isPending}
      onValueChange={(value) => changeStatus(value as EntityStatus)}
    >
      <SelectTrigger className="w-40" aria-label="Status">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {subscriptionStatusOptions(subscription.status).map((option) => (
          <SelectItem key={option.value} value={option.value} disabled={option.isDisabled}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
