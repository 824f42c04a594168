import { zodResolver } from '@hookform/resolvers/zod';
import { type TAddMemberForm, type TAddMemberRequest, type TMember, ZAddMemberRequest } from '@wm/contracts';
import { Crown, Loader2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeleteIcon } from '@/components/ui/delete-icon';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@/components/ui/table';
import { toastError } from '@/lib/api-client';
import { useAddMember } from '../api/add-member';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { useTransferOwnership } from '../api/transfer-ownership';
import { useUpdateMember } from '../api/update-member';
import { PendingInvitations } from './pending-invitations';

const FLAGS = [
  { name: 'canRead', label: 'Leitura' },
  { name: 'canWrite', label: 'Escrita' },
  { name: 'canDelete', label: 'Exclusão' },
] as const;

function AddMemberForm({ applicationId }: { applicationId: string }) {
  const addition = useAddMember(applicationId);
  const form = useForm<TAddMemberForm, unknown, TAddMemberRequest>({
    resolver: zodResolver(ZAddMemberRequest),
    defaultValues: { email: '', canRead: true, canWrite: false, canDelete: false },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await addition.mutateAsync(values);
      if ('message' in answer) {
        toast.success('Convite enviado', { description: answer.message });
      } else {
        toast.success('Membro adicionado', {
          description: `${answer.data.name} agora tem acesso à aplicação.`,
        });
      }
      form.reset();
    } catch (error) {
      toastError('Erro ao adicionar membro', error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-md border p-4">
      <FormField
        label="E-mail do usuário"
        htmlFor="member-email"
        error={form.formState.errors.email?.message}
      >
        <Input id="member-email" type="email" placeholder="usuario@empresa.com" {...form.register('email')} />
      </FormField>
      <div className="flex flex-wrap items-center gap-4">
        {FLAGS.map((flag) => (
          <Controller
            key={flag.name}
            control={form.control}
            name={flag.name}
            render={({ field }) => (
              <Label className="font-normal">
                <Switch
                  checked={Boolean(field.value)}
                  onCheckedChange={field.onChange}
                  aria-label={flag.label}
                />
                {flag.label}
              </Label>
            )}
          />
        ))}
        <Button type="submit" size="sm" className="ml-auto" disabled={addition.isPending}>
          {addition.isPending ? <Loader2 className="animate-spin" /> : <UserPlus />}
          Adicionar
        </Button>
      </div>
    </form>
  );
}

function MemberRow({
  applicationId,
  member,
  onRemove,
  onTransfer,
}: {
  applicationId: string;
  member: TMember;
  onRemove: (member: TMember) => void;
  onTransfer: (member: TMember) => void;
}) {
  const update = useUpdateMember(applicationId);
  const onToggle = async (flag: (typeof FLAGS)[number]['name'], value: boolean) => {
    try {
      await update.mutateAsync({ userId: member.userId, input: { [flag]: value } });
      toast.success('Permissões atualizadas', {
        description: `As permissões de ${member.name} foram salvas.`,
      });
    } catch (error) {
      toastError('Erro ao atualizar permissões', error);
    }
  };
  return (
    <TableRow data-testid="member-row">
      <TableCell>
        <div className="flex flex-col">
          <span className="font-medium">{member.name}</span>
          <span className="text-xs text-muted-foreground">{member.email}</span>
        </div>
      </TableCell>
      <TableCell>
        <Badge variant={member.isOwner ? 'primary' : 'default'}>
          {member.isOwner ? 'Proprietário' : 'Membro'}
        </Badge>
      </TableCell>
      {FLAGS.map((flag) => (
        <TableCell key={flag.name}>
          <Switch
            checked={member[flag.name]}
            disabled={member.isOwner || update.isPending}
            onCheckedChange={(value) => onToggle(flag.name, value)}
            aria-label={`${flag.label} de ${member.name}`}
          />
        </TableCell>
      ))}
      <TableCell className="text-right">
        {member.isOwner ? null : (
          <>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Transferir propriedade para ${member.name}`}
              title="Transferir propriedade"
              onClick={() => onTransfer(member)}
            >
              <Crown />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:text-destructive"
              aria-label={`Remover ${member.name}`}
              onClick={() => onRemove(member)}
            >
              <DeleteIcon />
            </Button>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * 'Membros': the owner (or an admin) adds users by e-mail, changes their permissions, removes them,
 * and hands the application to one of them.
 */
export function MembersCard({ applicationId }: { applicationId: string }) {
  const members = useMembers(applicationId);
  const removal = useRemoveMember(applicationId);
  const [toRemove, setToRemove] = useState<TMember | null>(null);
  const transfer = useTransferOwnership(applicationId);
  const [toOwn, setToOwn] = useState<TMember | null>(null);

  const onConfirmTransfer = async () => {
    if (!toOwn) return;
    try {
      await transfer.mutateAsync(toOwn.userId);
      toast.success('Propriedade transferida', {
        description: `${toOwn.name} agora é o proprietário da aplicação.`,
      });
    } catch (error) {
      toastError('Erro ao transferir propriedade', error);
    }
  };

  const onConfirmRemove = async () => {
    if (!toRemove) return;
    try {
      await removal.mutateAsync(toRemove.userId);
      toast.success('Membro removido', { description: `${toRemove.name} não tem mais acesso à aplicação.` });
    } catch (error) {
      toastError('Erro ao remover membro', error);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Membros</CardTitle>
        <CardDescription>Usuários com acesso a esta aplicação e suas permissões.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <AddMemberForm applicationId={applicationId} />
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Usuário</TableHead>
              <TableHead>Papel</TableHead>
              {FLAGS.map((flag) => (
                <TableHead key={flag.name}>{flag.label}</TableHead>
              ))}
              <TableHead className="text-right">Ações</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.isPending ? (
              <TableSkeletonRows columns={6} rows={2} />
            ) : (
              members.data?.data.map((member) => (
                <MemberRow
                  key={member.userId}
                  applicationId={applicationId}
                  member={member}
                  onRemove={setToRemove}
                  onTransfer={setToOwn}
                />
              ))
            )}
          </TableBody>
        </Table>
        <PendingInvitations applicationId={applicationId} />
      </CardContent>
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title="Remover membro"
        description={`Remover ${toRemove?.name ?? ''} desta aplicação? O acesso dele termina imediatamente.`}
        confirmLabel="Remover"
        isPending={removal.isPending}
        onConfirm={onConfirmRemove}
      />
      <ConfirmDialog
        open={toOwn !== null}
        onOpenChange={(open) => !open && setToOwn(null)}
        title="Transferir propriedade"
        description={`Transferir a propriedade desta aplicação para ${toOwn?.name ?? ''}? O novo proprietário passa a gerenciar membros e a chave de API; o proprietário atual continua como membro, com todas as permissões.`}
        confirmLabel="Transferir"
        isPending={transfer.isPending}
        onConfirm={onConfirmTransfer}
      />
    </Card>
  );
}
