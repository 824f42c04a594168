import { createDeleteButton } from '@/components/confirm-delete-button';
import { useDeleteEvent } from '../api/delete-event';

/** Delete with confirmation; warns that the event's subscriptions go too. */
export const DeleteEventButton = createDeleteButton(
  useDeleteEvent,
  (event: { id: string; name: string }) => ({
    title: 'Deletar evento',
    description: `Tem certeza que deseja deletar o evento "${event.name}"? Esta ação não pode ser desfeita e todas as assinaturas deste evento serão removidas.`,
    successTitle: 'Evento deletado',
    successDescription: 'O evento foi removido com sucesso.',
  }),
);
