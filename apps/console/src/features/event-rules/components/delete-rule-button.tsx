import { createDeleteButton } from '@/components/confirm-delete-button';
import { useDeleteEventRule } from '../api/delete-event-rule';

/** Delete with confirmation; the rule's executions go with it. */
export const DeleteRuleButton = createDeleteButton(
  useDeleteEventRule,
  (rule: { id: string; name: string }) => ({
    title: 'Excluir regra',
    description: `Tem certeza que deseja excluir a regra "${rule.name}"? Esta ação não pode ser desfeita e o histórico de execuções será removido.`,
    successTitle: 'Regra excluída',
    successDescription: 'A regra foi removida com sucesso.',
    errorTitle: 'Erro ao excluir regra',
  }),
);
