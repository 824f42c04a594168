import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError } from '@/lib/api-client';
import { useDeleteEvent } from '../api/delete-event';

/** Delete with confirmation; warns that the event's subscriptions go too. */
export function DeleteEventButton({
  event,
  onDeleted,
  showLabel = false,
}: {
  event: { id: string; name: string };
  onDeleted?: () => void;
  showLabel?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const deletion = useDeleteEvent();
  const confirm = async () => {
    try {
      await deletion.mutateAsync(event.id);
      toast.success('Evento deletado', { description: 'O evento foi removido com sucesso.' });
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
          aria-label="Deletar evento"
          title="Deletar evento"
        >
          <Trash2 />
          {showLabel ? 'Deletar' : null}
        </Button>
      }
      title="Deletar evento"
      description={`Tem certeza que deseja deletar o evento "${event.name}"? Esta ação não pode ser desfeita e todas as assinaturas deste evento serão removidas.`}
      confirmLabel="Deletar"
      isPending={deletion.isPending}
      onConfirm={confirm}
    />
  );
}
