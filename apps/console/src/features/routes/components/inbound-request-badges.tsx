import {
  INBOUND_REQUEST_STATUS_LABELS,
  type InboundRequestStatus,
  type TInboundRequest,
} from '@wm/contracts';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const STATUS_VARIANTS: Record<InboundRequestStatus, BadgeVariant> = {
  ACCEPTED: 'success',
  DUPLICATE: 'default',
  IGNORED: 'warning',
  REJECTED: 'error',
};

export function InboundStatusBadge({ status }: { status: InboundRequestStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{INBOUND_REQUEST_STATUS_LABELS[status]}</Badge>;
}

/** Verified, refused (with why, on hover), or taken without a check (NONE). */
export function VerificationBadge({
  request,
}: {
  request: Pick<TInboundRequest, 'isVerified' | 'verificationType' | 'verificationError'>;
}) {
  if (!request.isVerified) {
    return (
      <Badge variant="error" title={request.verificationError ?? undefined}>
        Não verificada
      </Badge>
    );
  }
  return request.verificationType === 'NONE' ? (
    <Badge variant="outline">Sem verificação</Badge>
  ) : (
    <Badge variant="success">Verificada</Badge>
  );
}
