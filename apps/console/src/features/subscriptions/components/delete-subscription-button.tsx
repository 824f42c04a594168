import { createDeleteButton } from '@/components/confirm-delete-button';
import { useDeleteSubscription } from '../api/delete-subscription';

/** Delete with confirmation; warns that the subscription's logs go too. */
export const DeleteSubscriptionButton = createDeleteButton(
  useDeleteSubscription,
  (subscription: { id: string; name: string }) => ({
    title: 'Deletar assinatura',
    description: `Tem certeza que deseja deletar a assinatura "${subscription.name}"? Esta ação não pode ser desfeita e todos os logs desta assinatura serão removidos.`,
    successTitle: 'Assinatura deletada',
    successDescription: 'A assinatura foi removida com sucesso.',
  }),
);
