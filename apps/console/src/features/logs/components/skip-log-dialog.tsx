import { zodResolver } from '@hookform/resolvers/zod';
import { type TSkipDeliveryRequest, ZSkipDeliveryRequest } from '@wm/contracts';
import { SkipForward } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
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
    <FormDialog
      open={isOpen}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline">
          <SkipForward />
          Pular
        </Button>
      }
      title="Pular entrega"
      description={
        <>
          A entrega continua com falha e é marcada como pulada; as próximas da chave{' '}
          {orderingKey ? <code>{orderingKey}</code> : 'sem nome'} seguem.
        </>
      }
      onSubmit={onSubmit}
      isPending={skip.isPending}
      submitLabel="Pular entrega"
      pendingLabel="Pulando..."
      submitIcon={<SkipForward />}
    >
      <FormField label="Motivo" htmlFor="skip-reason" error={errors.reason?.message}>
        <Textarea
          id="skip-reason"
          rows={3}
          placeholder="Ex.: pedido cancelado"
          aria-invalid={Boolean(errors.reason)}
          {...form.register('reason')}
        />
      </FormField>
    </FormDialog>
  );
}
