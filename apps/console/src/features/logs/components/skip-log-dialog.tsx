import { zodResolver } from '@hookform/resolvers/zod';
import { type TSkipDeliveryRequest, ZSkipDeliveryRequest } from '@wm/contracts';
import { Loader2, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { Textarea } from '@/components/ui/textarea';
import { useSkipLog } from '../api/skip-log';

/** "Pular": asks why, checked by the same schema as the server, then passes the failed FIFO delivery over. */
export function SkipLogDialog({ logId, orderingKey }: { logId: string; orderingKey: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const skip = useSkipLog();
  const form = useForm<TSkipDeliveryRequest>({
    resolver: zodResolver(ZSkipDeliveryRequest),
    defaultValues: { reason: '' },
  });
  const { errors } = form.formState;

  const onOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) form.reset();
  };

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    // A refusal is shown by the mutation's toast; the dialog stays open to try again.
    const isSkipped = await skip.mutateAsync({ id: logId, reason }).then(
      () => true,
      () => false,
    );
    if (isSkipped) onOpenChange(false);
  });

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <SkipForward />
          Pular
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pular entrega</DialogTitle>
          <DialogDescription>
            A entrega continua com falha e é marcada como pulada; as próximas da chave{' '}
            {orderingKey ? <code>{orderingKey}</code> : 'sem nome'} seguem.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Motivo" htmlFor="skip-reason" error={errors.reason?.message}>
            <Textarea
              id="skip-reason"
              rows={3}
              placeholder="Ex.: pedido cancelado"
              aria-invalid={Boolean(errors.reason)}
              {...form.register('reason')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={skip.isPending}>
              {skip.isPending ? <Loader2 className="animate-spin" /> : <SkipForward />}
              {skip.isPending ? 'Pulando...' : 'Pular entrega'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
