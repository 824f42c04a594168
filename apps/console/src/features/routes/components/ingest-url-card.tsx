import type { TRouteDetail } from '@wm/contracts';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { toastError } from '@/lib/api-client';
import { useRotateIngestToken } from '../api/rotate-ingest-token';

/** Where senders post: copied by anyone who may read the route, rotated (after a confirmation) by editors. */
export function IngestUrlCard({ route }: { route: TRouteDetail }) {
  const rotate = useRotateIngestToken();
  const [isConfirming, setIsConfirming] = useState(false);
  const onConfirm = async () => {
    try {
      await rotate.mutateAsync(route.id);
      toast.success('URL rotacionada', {
        description: 'Atualize a URL no remetente: a anterior já não responde.',
      });
      setIsConfirming(false);
    } catch (error) {
      toastError('Erro ao rotacionar a URL', error);
    }
  };
  return (
    <Card data-testid="ingest-url">
      <CardHeader>
        <CardTitle>URL de recebimento</CardTitle>
        <CardDescription>
          Cadastre esta URL no remetente (GitHub, Stripe, ...). Ela recebe requisições{' '}
          <code>{route.method}</code> e responde 202 assim que a requisição é guardada.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center gap-1">
          <code
            className="flex-1 break-all rounded-md border bg-muted/50 px-2 py-1.5 text-xs"
            data-testid="ingest-url-value"
          >
            {route.ingestUrl}
          </code>
          <CopyButton
            value={route.ingestUrl}
            label="Copiar URL de recebimento"
            successDescription="URL copiada para a área de transferência."
          />
        </div>
        {route.isActive ? null : (
          <p className="text-xs text-muted-foreground">
            Rota inativa: a URL responde 404 até que ela seja ativada.
          </p>
        )}
        {route.permissions.canWrite ? (
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setIsConfirming}
            trigger={
              <Button variant="outline" size="sm" className="w-fit">
                <RefreshCw />
                Rotacionar URL
              </Button>
            }
            title="Rotacionar a URL de recebimento?"
            description="A URL atual deixa de funcionar imediatamente: o remetente precisa receber a nova."
            confirmLabel="Rotacionar"
            isPending={rotate.isPending}
            onConfirm={onConfirm}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
