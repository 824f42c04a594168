import { Mail } from 'lucide-react';
import { useInvitations } from '../api/get-invitations';

/** Invitations not yet answered, by e-mail only: whether the address has an account is not shown. */
export function PendingInvitations({ applicationId }: { applicationId: string }) {
  const invitations = useInvitations(applicationId);
  const items = invitations.data?.data ?? [];
  if (items.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="pending-invitations">
      <h3 className="text-sm font-medium">Convites pendentes</h3>
      <ul className="space-y-1">
        {items.map((invitation) => (
          <li key={invitation.id} className="flex items-center gap-2 text-sm text-muted-foreground">
            <Mail className="size-4" />
            {invitation.email}
          </li>
        ))}
      </ul>
    </div>
  );
}
