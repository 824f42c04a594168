import { ConfirmDeleteButton, type DeleteButtonPlacement } from '@/components/confirm-delete-button';
import { useDeleteEvent } from '../api/delete-event';

/** Delete with confirmation; warns that the event's subscriptions go too. */
export function DeleteEventButton({
  event,
  ...placement
}: DeleteButtonPlacement & { event: { id: string; name: string } }) {
  const deletion = useDeleteEvent();
  return (
    <ConfirmDeleteButton
      title="Deletar evento"
      description={`Tem certeza que deseja deletar o evento "${event.name}"? Esta ação não pode ser desfeita e todas as assinaturas deste evento serão removidas.`}
      successTitle="Evento deletado"
      successDescription="O evento foi removido com sucesso."
      isPending={deletion.isPending}
      onDelete={() => deletion.mutateAsync(event.id)}
      {...placement}
    />
  );
}
