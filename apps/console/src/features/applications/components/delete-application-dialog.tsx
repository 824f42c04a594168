import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useDeleteApplication } from '../api/delete-application';

/** Asks before deleting: it cannot be undone and takes the events and subscriptions along. */
export function DeleteApplicationDialog({
  application,
  onOpenChange,
  onDeleted,
}: {
  application: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const deletion = useDeleteApplication();
  const onConfirm = async () => {
    if (!application) return;
    try {
      await deletion.mutateAsync(application.id);
      toast.success('Aplicação deletada', { description: 'A aplicação foi removida com sucesso.' });
      onDeleted?.();
    } catch (error) {
      toastError(messages.deleteFailed, error);
    }
  };
  return (
    <ConfirmDialog
      open={application !== null}
      onOpenChange={onOpenChange}
      title="Deletar aplicação"
      description={
        <>
          Tem certeza que deseja deletar a aplicação <strong>{application?.name}</strong>? Esta ação não pode
          ser desfeita e todos os eventos e assinaturas relacionados serão removidos.
        </>
      }
      confirmLabel="Deletar"
      isPending={deletion.isPending}
      onConfirm={onConfirm}
    />
  );
}
