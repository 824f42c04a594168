import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { writeClipboard } from '@/lib/clipboard';
import { messages } from '@/lib/messages';

export const CODE_COPIED = 'Código copiado!';
export const CODE_COPY_REFUSED = 'Não foi possível copiar o código.';
/** How long the button says the text was copied. */
export const COPIED_RESET_MS = 2000;

/** Copies `text` and toasts 'Código copiado!'; the button reads 'Copiado!' for 2 seconds. A failure toasts 'Erro ao copiar'. */
export function CopyCodeButton({
  text,
  label = 'Copiar código',
  isDisabled = false,
}: {
  text: string;
  label?: string;
  isDisabled?: boolean;
}) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const onClick = async () => {
    try {
      await writeClipboard(text);
      setIsCopied(true);
      toast.success(CODE_COPIED);
    } catch {
      toast.error(messages.copyFailed, { description: CODE_COPY_REFUSED });
    }
  };

  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={isDisabled} aria-live="polite">
      {isCopied ? <Check className="text-success" /> : <Copy />}
      {isCopied ? messages.copied : label}
    </Button>
  );
}
