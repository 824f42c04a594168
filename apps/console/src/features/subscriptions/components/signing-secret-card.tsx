import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { toastError } from '@/lib/api-client';
import { useRotateSubscriptionSecret } from '../api/rotate-subscription-secret';

/** The Standard Webhooks signing secret, for editors: reveal, copy and rotate. */
export function SigningSecretCard({ subscriptionId, secret }: { subscriptionId: string; secret: string }) {
  const [isRevealed, setIsRevealed] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const rotation = useRotateSubscriptionSecret();
  const rotate = async () => {
    try {
      await rotation.mutateAsync(subscriptionId);
      toast.success('Segredo rotacionado', { description: 'Atualize o segredo no receptor do webhook.' });
      setIsConfirming(false);
    } catch (error) {
      toastError('Erro ao rotacionar segredo', error);
    }
  };
  return (
    <Card data-testid="signing-secret">
      <CardHeader>
        <CardTitle>Segredo de Assinatura</CardTitle>
        <CardDescription>
          Verifique o header webhook-signature (HMAC-SHA256, Standard Webhooks).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center gap-1">
          <code
            className="flex-1 truncate rounded-md border bg-muted/50 px-2 py-1.5 text-xs"
            data-testid="secret-value"
          >
            {isRevealed ? secret : `${secret.slice(0, 6)}${'•'.repeat(20)}`}
          </code>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setIsRevealed(!isRevealed)}
            aria-label={isRevealed ? 'Ocultar segredo' : 'Mostrar segredo'}
          >
            {isRevealed ? <EyeOff /> : <Eye />}
          </Button>
          <CopyButton
            value={secret}
            label="Copiar segredo"
            successDescription="Segredo copiado para a área de transferência."
          />
        </div>
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setIsConfirming}
          trigger={
            <Button variant="outline">
              <RefreshCw />
              Rotacionar Segredo
            </Button>
          }
          title="Rotacionar segredo"
          description="O segredo atual deixa de valer imediatamente. Atualize-o no receptor do webhook."
          confirmLabel="Rotacionar"
          isPending={rotation.isPending}
          onConfirm={rotate}
        />
      </CardContent>
    </Card>
  );
}
