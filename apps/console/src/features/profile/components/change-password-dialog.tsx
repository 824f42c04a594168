import { zodResolver } from '@hookform/resolvers/zod';
import { type TChangePasswordForm, ZChangePasswordForm } from '@wm/contracts';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, toastError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';

const FIELDS = [
  { name: 'currentPassword', label: 'Senha atual', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nova senha', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirmar nova senha', autoComplete: 'new-password' },
] as const;

export function ChangePasswordDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const change = useChangePassword();
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) form.reset();
  };

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      toast.success('Senha alterada', { description: 'Suas outras sessões foram encerradas.' });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.error === 'Senha atual incorreta') {
        form.setError('currentPassword', { message: error.error });
      }
      toastError('Erro ao alterar senha', error);
    }
  });

  return (
    <FormDialog
      open={isOpen}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="outline">
          <KeyRound />
          Alterar senha
        </Button>
      }
      title="Alterar senha"
      description="Ao alterar a senha, as suas outras sessões são encerradas."
      onSubmit={onSubmit}
      isPending={change.isPending}
      submitLabel="Salvar nova senha"
      pendingLabel="Salvando..."
    >
      {FIELDS.map((field) => (
        <FormField
          key={field.name}
          label={field.label}
          htmlFor={field.name}
          error={errors[field.name]?.message}
        >
          <Input
            id={field.name}
            type="password"
            autoComplete={field.autoComplete}
            aria-invalid={Boolean(errors[field.name])}
            {...form.register(field.name)}
          />
        </FormField>
      ))}
    </FormDialog>
  );
}
