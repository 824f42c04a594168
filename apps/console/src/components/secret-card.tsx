import { Eye, EyeOff, Loader2, RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { toastError } from '@/lib/api-client';

/**
 * A signing secret shown to editors: masked until revealed, copied once known, and rotated after a
 * confirmation, since the old value stops working at once. `name` completes the buttons' labels
 * ('Revelar segredo de callback').
 */
export function SecretCard({
  testId,
  title,
  description,
  name,
  value,
  masked,
  isRevealed,
  isLoading = false,
  onToggle,
  receiver,
  onRotate,
  isRotating,
}: {
  testId: string;
  title: string;
  description: ReactNode;
  name: string;
  /** The clear value, when known; shown only while revealed. */
  value: string | undefined;
  masked: string;
  isRevealed: boolean;
  isLoading?: boolean;
  onToggle: () => void;
  /** Who must receive the new secret, for the warnings ('o receptor do webhook'). */
  receiver: string;
  onRotate: () => Promise<unknown>;
  isRotating: boolean;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const rotate = async () => {
    try {
      await onRotate();
      toast.success('Segredo rotacionado', { description: `Atualize o segredo n${receiver}.` });
      setIsConfirming(false);
    } catch (error) {
      toastError('Erro ao rotacionar segredo', error);
    }
  };
  const shown = isRevealed ? value : undefined;

  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center gap-1">
          <code
            className="flex-1 truncate rounded-md border bg-muted/50 px-2 py-1.5 text-xs"
            data-testid={`${testId}-value`}
          >
            {shown ?? masked}
          </code>
          <Button
            variant="ghost"
            size="sm"
            onClick={onToggle}
            aria-label={`${isRevealed ? 'Ocultar' : 'Revelar'} ${name}`}
          >
            {isRevealed && isLoading ? (
              <Loader2 className="animate-spin" />
            ) : isRevealed ? (
              <EyeOff />
            ) : (
              <Eye />
            )}
            {isRevealed ? 'Ocultar' : 'Revelar'}
          </Button>
          {value ? (
            <CopyButton
              value={value}
              label={`Copiar ${name}`}
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
          title={`Rotacionar ${name}`}
          description={`O segredo atual deixa de valer imediatamente. Atualize-o n${receiver}.`}
          confirmLabel="Rotacionar"
          isPending={isRotating}
          onConfirm={rotate}
        />
      </CardContent>
    </Card>
  );
}
