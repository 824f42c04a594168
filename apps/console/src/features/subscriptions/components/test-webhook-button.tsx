import { Send } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { useTestSubscription } from '../api/test-subscription';
import { describeTestResult } from '../lib/describe-test-result';

/**
 * 'Testar webhook': the server sends a test delivery now; 'Teste enviado' when the target answered
 * 2xx, 'Erro no teste' otherwise, each with the answer and a link to the test's delivery log.
 */
export function TestWebhookButton({
  subscriptionId,
  showLabel = false,
}: {
  subscriptionId: string;
  showLabel?: boolean;
}) {
  const test = useTestSubscription();
  const navigate = useNavigate();
  const run = async () => {
    try {
      const result = await test.mutateAsync(subscriptionId);
      const options = {
        description: describeTestResult(result),
        // Long enough to read the answer and reach 'Ver log'; the default 4 s is for plain notices.
        duration: 10_000,
        action: {
          label: 'Ver log',
          onClick: () => navigate(paths.logs.detail.getHref(result.deliveryLogId)),
        },
      };
      if (result.success) toast.success('Teste enviado', options);
      else toast.error('Erro no teste', options);
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
