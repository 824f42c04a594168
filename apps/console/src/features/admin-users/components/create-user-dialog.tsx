import { zodResolver } from '@hookform/resolvers/zod';
import { type TCreateUserForm, ZCreateUserForm } from '@wm/contracts';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toastError } from '@/lib/api-client';
import { useCreateUser } from '../api/create-user';
import { toastPasswordMismatch, UserForm } from './user-fields';

const EMPTY: TCreateUserForm = { name: '', email: '', password: '', confirmPassword: '', isAdmin: false };

export function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const createUser = useCreateUser();
  const form = useForm<TCreateUserForm, unknown, z.output<typeof ZCreateUserForm>>({
    resolver: zodResolver(ZCreateUserForm),
    defaultValues: EMPTY,
  });

  const close = (isOpen: boolean) => {
    if (!isOpen) form.reset(EMPTY);
    onOpenChange(isOpen);
  };

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _, ...data }) => {
    try {
      await createUser.mutateAsync(data);
      toast.success('Usuário criado', { description: 'O usuário foi criado com sucesso.' });
      close(false);
    } catch (error) {
      toastError('Erro ao criar usuário', error);
    }
  }, toastPasswordMismatch);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Novo Usuário</DialogTitle>
          <DialogDescription>Preencha os dados para criar um novo usuário.</DialogDescription>
        </DialogHeader>
        <UserForm
          form={form}
          onSubmit={onSubmit}
          isPending={createUser.isPending}
          submitLabel="Criar Usuário"
          pendingLabel="Criando..."
          onCancel={() => close(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
