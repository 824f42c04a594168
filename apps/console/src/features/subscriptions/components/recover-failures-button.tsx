import { type TSubscription, ZRecoverSubscriptionRequest } from '@wm/contracts';
import { format } from 'date-fns';
import { History } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api-client';
import { useFailedDeliveryCount } from '../api/get-failed-delivery-count';
import { useRecoverSubscription } from '../api/recover-subscription';
import { describeRecovery } from '../lib/describe-recovery';

const DAY_MS = 86_400_000;
/** The native field's value: local date and time to the minute. */
const LOCAL_MINUTE = "yyyy-MM-dd'T'HH:mm";

/**
 * 'Recuperar falhas desde…': once the subscription is active again (after Reativar) and has failed
 * deliveries, re-queues those since the chosen time and what it skipped while disabled.
 */
export function RecoverFailuresButton({ subscription }: { subscription: TSubscription }) {
  const isActiveAgain = subscription.status === 'ACTIVE' || subscription.status === 'PAUSED';
  const isOffered = subscription.permissions.canWrite && isActiveAgain;
  const failed = useFailedDeliveryCount(subscription.id, isOffered);
  const recover = useRecoverSubscription();
  const [isOpen, setIsOpen] = useState(false);
  const [since, setSince] = useState('');
  const [error, setError] = useState<string>();
  if (!isOffered || !failed.data) return null;

  const onOpenChange = (open: boolean) => {
    setIsOpen(open);
    setError(undefined);
    if (open) setSince(format(new Date(Date.now() - DAY_MS), LOCAL_MINUTE));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const instant = since === '' ? undefined : new Date(since);
    const parsed = ZRecoverSubscriptionRequest.safeParse({
      since: instant && !Number.isNaN(instant.getTime()) ? instant.toISOString() : since || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const answer = await recover.mutateAsync({ id: subscription.id, input: parsed.data });
      const { title, description } = describeRecovery(answer.data);
      toast.success(title, { description });
      onOpenChange(false);
    } catch (failure) {
      toastError('Erro ao recuperar falhas', failure);
    }
  };

  return (
    <FormDialog
      open={isOpen}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline">
          <History />
          Recuperar falhas desde…
        </Button>
      }
      title="Recuperar falhas"
      description={
        <>
          Reenfileira, uma vez cada, as entregas que falharam desde o momento escolhido e os eventos que a
          assinatura deixou de receber enquanto estava desativada.
        </>
      }
      onSubmit={onSubmit}
      isPending={recover.isPending}
      submitLabel="Recuperar"
    >
      <FormField label="Desde" htmlFor="recover-since" error={error}>
        <Input
          id="recover-since"
          type="datetime-local"
          value={since}
          aria-invalid={Boolean(error)}
          onChange={(change) => setSince(change.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
