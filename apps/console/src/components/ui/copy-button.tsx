import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { writeClipboard } from '@/lib/clipboard';
import { messages } from '@/lib/messages';
import { Button, type ButtonProps } from './button';

/** Copies `value`; toasts 'Copiado!' or 'Erro ao copiar'. The check mark resets after 2 s. */
export function CopyButton({
  value,
  successDescription = messages.apiKeyCopied,
  errorDescription = messages.copyRefused,
  label = 'Copiar',
  showLabel = false,
  variant = 'ghost',
  size = showLabel ? 'sm' : 'icon',
  ...props
}: Omit<ButtonProps, 'value' | 'onClick'> & {
  value: string;
  successDescription?: string;
  errorDescription?: string;
  label?: string;
  showLabel?: boolean;
}) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const onClick = async () => {
    try {
      await writeClipboard(value);
      setIsCopied(true);
      toast.success(messages.copied, { description: successDescription });
    } catch {
      toast.error(messages.copyFailed, { description: errorDescription });
    }
  };

  return (
    <Button variant={variant} size={size} onClick={onClick} aria-label={label} title={label} {...props}>
      {isCopied ? <Check className="text-success" /> : <Copy />}
      {showLabel ? (isCopied ? messages.copied : label) : null}
    </Button>
  );
}
