import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeleteIcon } from '@/components/ui/delete-icon';
import { toastError } from '@/lib/api-client';
import { messages } from '@/lib/messages';

/** Where a record's delete button stands: `showLabel` on detail pages, and what happens once it deleted. */
export type DeleteButtonPlacement = { onDeleted?: () => void; showLabel?: boolean };

/**
 * Trash button that asks before deleting: an icon button in tables, a labelled destructive one on detail pages.
 * `onDelete` performs the deletion; its failure toasts under `errorTitle` ("Erro ao deletar") with the
 * response's error or `errorFallback`, and keeps the dialog open.
 */
export function ConfirmDeleteButton({
  title,
  description,
  successTitle,
  successDescription,
  isPending,
  onDelete,
  onDeleted,
  showLabel = false,
  errorTitle = messages.deleteFailed,
  errorFallback,
}: {
  title: string;
  description: ReactNode;
  successTitle: string;
  successDescription: string;
  isPending: boolean;
  onDelete: () => Promise<unknown>;
  errorTitle?: string;
  errorFallback?: string;
} & DeleteButtonPlacement) {
  const [isOpen, setIsOpen] = useState(false);
  const confirm = async () => {
    try {
      await onDelete();
      toast.success(successTitle, { description: successDescription });
      setIsOpen(false);
      onDeleted?.();
    } catch (error) {
      toastError(errorTitle, error, errorFallback);
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
          aria-label={title}
          title={title}
        >
          <DeleteIcon onDestructive={showLabel} />
          {showLabel ? 'Deletar' : null}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel="Deletar"
      isPending={isPending}
      onConfirm={confirm}
    />
  );
}
