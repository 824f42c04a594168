import { Eye, EyeOff, Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { toastError } from '@/lib/api-client';
import { useCallbackSecret } from '../api/get-callback-secret';
import { useRotateCallbackSecret } from '../api/rotate-callback-secret';

const MASKED = `whsec_${'•'.repeat(20)}`;

/**
 * The secret that signs this application's event callbacks, for editors: masked until revealed
 * (fetched on demand), copied and rotated.
 */
export function CallbackSecretCard({ applicationId }: { applicationId: string }) {
  const [isRevealed, setIsRevealed] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const revealed = useCallbackSecret(applicationId, isRevealed);
  const rotation = useRotateCallbackSecret(applicationId);
  const secret = isRevealed ? revealed.data?.secret : undefined;

  const rotate = async () => {
    try {
      await rotation.mutateAsync();
      toast.success('Segredo rotacionado', { description: 'Atualize o segredo no receptor dos callbacks.' });
      setIsConfirming(false);
    } catch (error) {
      toastError('Erro ao rotacionar segredo', error);
    }
  };

  return (
    <Card data-testid="callback-secret">
      <CardHeader>
        <CardTitle>Segredo de callback</CardTitle>
        <CardDescription>
          Assina os callbacks dos eventos desta aplicação (headers webhook-id, webhook-timestamp e
          webhook-signature, Standard Webhooks). Verifique-os com verifyWebhook do SDK.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center gap-1">
          <code
            className="flex-1 truncate rounded-md border bg-muted/50 px-2 py-1.5 text-xs"
            data-testid="callback-secret-value"
          >
            {secret ?? MASKED}
          </code>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setIsRevealed(!isRevealed)}
            aria-label={isRevealed ? 'Ocultar segredo de callback' : 'Revelar segredo de callback'}
          >
            {isRevealed && revealed.isFetching ? (
              <Loader2 className="animate-spin" />
            ) : isRevealed ? (
              <EyeOff />
            ) : (
              <Eye />
            )}
            {isRevealed ? 'Ocultar' : 'Revelar'}
          </Button>
          {secret ? (
            <CopyButton
              value={secret}
              label="Copiar segredo de callback"
              successDescription="Segredo copiado para a área de transferência."
            />
          ) : null}
        </div>
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setIsConfirming}
          trigger={
            <Button variant="outline" className="justify-self-start">
              <RefreshCw />
              Rotacionar
            </Button>
          }
          title="Rotacionar segredo de callback"
          description="O segredo atual deixa de valer imediatamente. Atualize-o no receptor dos callbacks."
          confirmLabel="Rotacionar"
          isPending={rotation.isPending}
          onConfirm={rotate}
        />
      </CardContent>
    </Card>
  );
}
