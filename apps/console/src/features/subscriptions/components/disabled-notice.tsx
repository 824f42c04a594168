import { DISABLED_REASON_TEXT, type TSubscription } from '@wm/contracts';
import { TriangleAlert } from 'lucide-react';
import { formatDateTime } from '@/lib/format';

/** Why and since when a FAILED subscription receives nothing, and how to bring it back. */
export function DisabledNotice({ subscription }: { subscription: TSubscription }) {
  if (subscription.status !== 'FAILED') return null;
  const reason = subscription.disabledReason ? DISABLED_REASON_TEXT[subscription.disabledReason] : null;
  return (
    <div
      role="alert"
      data-testid="disabled-notice"
      className="flex gap-3 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm"
    >
      <TriangleAlert className="size-5 shrink-0 text-destructive" />
      <div className="grid gap-1">
        <p className="font-medium">
          {reason && subscription.disabledAt
            ? `Desativada pelo sistema em ${formatDateTime(subscription.disabledAt)}: ${reason}.`
            : 'Esta assinatura está com status Falhou.'}
        </p>
        <p className="text-muted-foreground">
          Nenhuma entrega é enviada enquanto ela não for reativada.
          {subscription.permissions.canWrite
            ? ' Escolha Ativa no status para voltar a receber entregas; depois, Recuperar falhas desde… reenvia as que falharam e os eventos perdidos enquanto ela esteve desativada.'
            : ''}
        </p>
      </div>
    </div>
  );
}
