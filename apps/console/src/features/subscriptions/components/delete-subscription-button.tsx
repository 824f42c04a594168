import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError } from '@/lib/api-client';
import { useDeleteSubscription } from '../api/delete-subscription';

/** Delete with confirmation; warns that the subscription's logs go too. */
export function DeleteSubscriptionButton({
  subscription,
  onDeleted,
  showLabel = false,
}: {
  subscription: { id: string; name: string };
  onDeleted?: () => void;
  showLabel?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const deletion = useDeleteSubscription();
  const confirm = async () => {
    try {
      await deletion.mutateAsync(subscription.id);
      toast.success('Assinatura deletada', { description: 'A assinatura foi removida com sucesso.' });
      setIsOpen(false);
      onDeleted?.();
    } catch (error) {
      toastError('Erro ao deletar', error);
    }
  };
  return (
    <ConfirmDialog
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button
          variant={showLabel ? 'destructive' : 'ghost'}
          size={showLabel ? 'default' : 'icon'}
          aria-label="Deletar assinatura"
          title="Deletar assinatura"
        >
          <Trash2 />
          {showLabel ? 'Deletar' : null}
        </Button>
      }
      title="Deletar assinatura"
      description={`Tem certeza que deseja deletar a assinatura "${subscription.name}"? Esta ação não pode ser desfeita e todos os logs desta assinatura serão removidos.`}
      confirmLabel="Deletar"
      isPending={deletion.isPending}
      onConfirm={confirm}
    />
  );
}
