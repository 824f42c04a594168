import { zodResolver } from '@hookform/resolvers/zod';
import { type TCreateUserForm, ZCreateUserForm } from '@wm/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toastError } from '@/lib/api-client';
import { useCreateUser } from '../api/create-user';
import { toastPasswordMismatch, UserFields } from './user-fields';

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
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-6">
            <UserFields />
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={createUser.isPending}>
                {createUser.isPending ? 'Criando...' : 'Criar Usuário'}
              </Button>
            </DialogFooter>
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
