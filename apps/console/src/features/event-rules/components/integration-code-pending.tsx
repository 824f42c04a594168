import { Code2 } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/** Where a rule's integration code will show; the code generator is not part of the console yet. */
export function IntegrationCodePending() {
  return (
    <EmptyState
      icon={<Code2 />}
      title="Código de integração ainda não disponível"
      description="O código para enviar dados a esta regra ainda não está disponível."
    />
  );
}
