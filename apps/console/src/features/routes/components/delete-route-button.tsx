import { createDeleteButton } from '@/components/confirm-delete-button';
import { UNEXPECTED_ERROR_SENTENCE } from '@/lib/api-client';
import { useDeleteRoute } from '../api/delete-route';

const rulesGoing = (count: number) =>
  count === 0
    ? 'Nenhuma regra será removida.'
    : count === 1
      ? '1 regra será removida junto com ela.'
      : `${count} regras serão removidas junto com ela.`;

/** Delete with confirmation; says how many rules go with the route (its event types and fields go too). */
export const DeleteRouteButton = createDeleteButton(
  useDeleteRoute,
  (route: { id: string; name: string; _count: { rules: number } }) => ({
    title: 'Deletar rota',
    description: `Tem certeza que deseja deletar a rota "${route.name}"? Esta ação não pode ser desfeita: os tipos de evento e campos da rota serão removidos. ${rulesGoing(route._count.rules)}`,
    successTitle: 'Rota deletada',
    successDescription: 'A rota foi removida com sucesso.',
    errorTitle: 'Erro ao deletar rota',
    errorFallback: UNEXPECTED_ERROR_SENTENCE,
  }),
);
