import { type TSubscription, ZRecoverSubscriptionRequest } from '@wm/contracts';
import { format } from 'date-fns';
import { History, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
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
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <History />
          Recuperar falhas desde…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Recuperar falhas</DialogTitle>
          <DialogDescription>
            Reenfileira, uma vez cada, as entregas que falharam desde o momento escolhido e os eventos que a
            assinatura deixou de receber enquanto estava desativada.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Desde" htmlFor="recover-since" error={error}>
            <Input
              id="recover-since"
              type="datetime-local"
              value={since}
              aria-invalid={Boolean(error)}
              onChange={(change) => setSince(change.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={recover.isPending}>
              {recover.isPending ? <Loader2 className="animate-spin" /> : null}
              Recuperar
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
