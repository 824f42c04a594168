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

/** What a record's delete button says: its confirmation, its success and, optionally, its error. */
export type DeleteTexts = {
  title: string;
  description: ReactNode;
  successTitle: string;
  successDescription: string;
  errorTitle?: string;
  errorFallback?: string;
};

/**
 * The delete button of one kind of record: its deletion (a mutation taking the record's id) and
 * its texts for a record; asking, toasting and placement are ConfirmDeleteButton's.
 */
export function createDeleteButton<R extends { id: string }>(
  useDeletion: () => { isPending: boolean; mutateAsync: (id: string) => Promise<unknown> },
  textsOf: (record: R) => DeleteTexts,
) {
  return function DeleteRecordButton({ record, ...placement }: DeleteButtonPlacement & { record: R }) {
    const deletion = useDeletion();
    return (
      <ConfirmDeleteButton
        {...textsOf(record)}
        isPending={deletion.isPending}
        onDelete={() => deletion.mutateAsync(record.id)}
        {...placement}
      />
    );
  };
}
