import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TUpdateUserForm,
  type TUpdateUserRequest,
  type TUserListItem,
  ZUpdateUserForm,
} from '@wm/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toastError } from '@/lib/api-client';
import { useUpdateUser } from '../api/update-user';
import { toastPasswordMismatch, UserForm } from './user-fields';

function EditUserForm({ user, onDone }: { user: TUserListItem; onDone: () => void }) {
  const updateUser = useUpdateUser();
  const form = useForm<TUpdateUserForm, unknown, z.output<typeof ZUpdateUserForm>>({
    resolver: zodResolver(ZUpdateUserForm),
    defaultValues: {
      name: user.name,
      email: user.email,
      password: '',
      confirmPassword: '',
      isAdmin: user.isAdmin,
      isActive: user.isActive,
    },
  });

  const onSubmit = form.handleSubmit(async ({ password, confirmPassword: _, ...rest }) => {
    // The password goes only when one was typed.
    const data: TUpdateUserRequest = password ? { ...rest, password } : rest;
    try {
      await updateUser.mutateAsync({ id: user.id, data });
      toast.success('Usuário atualizado', { description: 'Os dados do usuário foram atualizados.' });
      onDone();
    } catch (error) {
      toastError('Erro ao atualizar usuário', error);
    }
  }, toastPasswordMismatch);

  return (
    <UserForm
      form={form}
      onSubmit={onSubmit}
      isEdit
      isPending={updateUser.isPending}
      submitLabel="Salvar"
      pendingLabel="Salvando..."
      onCancel={onDone}
    />
  );
}

export function EditUserDialog({ user, onClose }: { user: TUserListItem | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(user)} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Usuário</DialogTitle>
          <DialogDescription>Altere os dados do usuário.</DialogDescription>
        </DialogHeader>
        {user ? <EditUserForm key={user.id} user={user} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
