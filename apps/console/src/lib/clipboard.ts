import { toast } from 'sonner';
import { messages } from './messages';

/** Writes `text` to the clipboard; outside a secure context (plain http) through a hidden textarea. */
export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const isCopied = document.execCommand('copy');
  area.remove();
  if (!isCopied) throw new Error('copy refused');
}

/** Copies `text` and tells the user: 'Copiado!' with `description`, or 'Erro ao copiar'. True when copied. */
export async function copyWithToast(text: string, description: string): Promise<boolean> {
  try {
    await writeClipboard(text);
    toast.success(messages.copied, { description });
    return true;
  } catch {
    toast.error(messages.copyFailed, { description: messages.copyRefused });
    return false;
  }
}
