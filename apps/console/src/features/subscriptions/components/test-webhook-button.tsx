import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-client';
import { useTestSubscription } from '../api/test-subscription';

/** 'Testar webhook': the server sends a test delivery; toasts 'Teste enviado' or 'Erro no teste'. */
export function TestWebhookButton({
  subscriptionId,
  showLabel = false,
}: {
  subscriptionId: string;
  showLabel?: boolean;
}) {
  const test = useTestSubscription();
  const run = async () => {
    try {
      await test.mutateAsync(subscriptionId);
      toast.success('Teste enviado', { description: 'O webhook de teste foi enviado.' });
    } catch (error) {
      toastError('Erro no teste', error);
    }
  };
  return (
    <Button
      variant={showLabel ? 'outline' : 'ghost'}
      size={showLabel ? 'default' : 'icon'}
      onClick={run}
      disabled={test.isPending}
      aria-label="Testar webhook"
      title="Testar webhook"
    >
      <Send />
      {showLabel ? 'Testar Webhook' : null}
    </Button>
  );
}
