import { createDeleteButton } from '@/components/confirm-delete-button';
import { UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { useDeleteRouteEventType } from '../api/delete-route-event-type';

/** Delete with confirmation; the type's rules stay, without an event type. */
export const DeleteEventTypeButton = createDeleteButton(
  useDeleteRouteEventType,
  (eventType: { id: string; name: string }) => ({
    title: 'Deletar tipo de evento',
    description: `Tem certeza que deseja deletar o tipo de evento "${eventType.name}"? Esta ação não pode ser desfeita. As regras deste tipo continuam existindo, sem tipo de evento.`,
    successTitle: 'Tipo de evento deletado',
    successDescription: 'O tipo de evento foi removido com sucesso.',
    errorFallback: UNEXPECTED_ERROR_SENTENCE,
  }),
);
