import type { DeliveryStatus } from '@wm/contracts';
import { CheckCircle2, CircleSlash, Clock, RefreshCw, XCircle } from 'lucide-react';
import { deliveryStatusLabel } from '@/components/ui/status-badges';

const ICONS = {
  SUCCESS: <CheckCircle2 className="size-4 text-green-600" />,
  FAILED: <XCircle className="size-4 text-red-600" />,
  PENDING: <Clock className="size-4 text-amber-600" />,
  RETRYING: <RefreshCw className="size-4 text-amber-600" />,
  IGNORED: <CircleSlash className="size-4 text-muted-foreground" />,
} as const;

export function DeliveryStatusIcon({ status }: { status: string }) {
  const label = deliveryStatusLabel[status as DeliveryStatus] ?? status;
  return (
    <span className="inline-flex items-center" title={label} aria-label={label} role="img">
      {ICONS[status as DeliveryStatus] ?? null}
    </span>
  );
}
