import { Check, MailOpen, X } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toastError } from '@/lib/api-client';
import { type InvitationAnswer, useAnswerInvitation } from '../api/answer-invitation';
import { useMyInvitations } from '../api/get-my-invitations';

const permissionsOf = (invitation: { canRead: boolean; canWrite: boolean; canDelete: boolean }) =>
  [invitation.canRead && 'leitura', invitation.canWrite && 'escrita', invitation.canDelete && 'exclusão']
    .filter(Boolean)
    .join(', ');

/** Invitations to applications addressed to the signed-in user's e-mail; hidden when there are none. */
export function PendingInvitationsCard() {
  const invitations = useMyInvitations();
  const answer = useAnswerInvitation();
  const items = invitations.data?.data ?? [];
  if (items.length === 0) return null;

  const onAnswer = async (id: string, name: string, choice: InvitationAnswer) => {
    try {
      await answer.mutateAsync({ id, answer: choice });
      if (choice === 'accept') {
        toast.success('Convite aceito', { description: `Agora você é membro de ${name}.` });
      } else {
        toast.success('Convite recusado', { description: `O convite de ${name} foi descartado.` });
      }
    } catch (error) {
      toastError('Erro ao responder o convite', error);
    }
  };

  return (
    <Card data-testid="pending-invitations">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailOpen className="size-5" />
          Convites pendentes
        </CardTitle>
        <CardDescription>Você foi convidado para participar destas aplicações.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {items.map((invitation) => (
          <div
            key={invitation.id}
            data-testid="invitation-row"
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3"
          >
            <div className="flex flex-col">
              <span className="font-medium">{invitation.application.name}</span>
              <span className="text-xs text-muted-foreground">Permissões: {permissionsOf(invitation)}</span>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={answer.isPending}
                onClick={() => onAnswer(invitation.id, invitation.application.name, 'accept')}
              >
                <Check />
                Aceitar
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={answer.isPending}
                onClick={() => onAnswer(invitation.id, invitation.application.name, 'decline')}
              >
                <X />
                Recusar
              </Button>
            </div>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
