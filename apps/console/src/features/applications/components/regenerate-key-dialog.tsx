import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError } from '@/lib/api-client';
import { useRegenerateApiKey } from '../api/regenerate-api-key';

/** Asks before replacing the key: the current key stops working at once. */
export function RegenerateKeyDialog({
  application,
  onOpenChange,
}: {
  application: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const regeneration = useRegenerateApiKey();
  const onConfirm = async () => {
    if (!application) return;
    try {
      await regeneration.mutateAsync(application.id);
      toast.success('Chave regenerada', { description: 'A API Key foi regenerada com sucesso.' });
    } catch (error) {
      toastError('Erro ao regenerar chave', error);
    }
  };
  return (
    <ConfirmDialog
      open={application !== null}
      onOpenChange={onOpenChange}
      title="Regenerar API Key"
      description={
        <>
          Uma nova API Key será gerada para <strong>{application?.name}</strong> e a chave atual deixará de
          funcionar imediatamente. As integrações que a utilizam precisarão ser atualizadas.
        </>
      }
      confirmLabel="Regenerar"
      isPending={regeneration.isPending}
      onConfirm={onConfirm}
    />
  );
}
