import type { TUpdateUserForm } from '@wm/contracts';
import { Controller, type FieldErrors, useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

const PASSWORD_MISMATCH = 'As senhas não coincidem';

/** react-hook-form's invalid handler: a confirmation mismatch also raises the 'Erro de validação' toast. */
export function toastPasswordMismatch(errors: FieldErrors<{ confirmPassword?: string }>) {
  if (errors.confirmPassword?.message === PASSWORD_MISMATCH) {
    toast.error('Erro de validação', { description: PASSWORD_MISMATCH });
  }
}

/** Fields shared by the create and edit dialogs; the form is provided by the dialog. */
export function UserFields({ isEdit = false }: { isEdit?: boolean }) {
  const { register, control, formState } = useFormContext<TUpdateUserForm>();
  const invalid = (name: keyof TUpdateUserForm) => Boolean(formState.errors[name]);
  return (
    <div className="grid gap-4">
      <FormField label="Nome" name="name">
        <Input id="name" autoComplete="off" aria-invalid={invalid('name')} {...register('name')} />
      </FormField>
      <FormField label="Email" name="email">
        <Input
          id="email"
          type="email"
          autoComplete="off"
          aria-invalid={invalid('email')}
          {...register('email')}
        />
      </FormField>
      <FormField
        label={isEdit ? 'Nova senha' : 'Senha'}
        name="password"
        description={isEdit ? 'Deixe em branco para manter a senha atual.' : undefined}
      >
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={invalid('password')}
          {...register('password')}
        />
      </FormField>
      <FormField label="Confirmar senha" name="confirmPassword">
        <Input
          id="confirmPassword"
          type="password"
          autoComplete="new-password"
          aria-invalid={invalid('confirmPassword')}
          {...register('confirmPassword')}
        />
      </FormField>
      <div className="flex items-center justify-between gap-4 rounded-md border p-3">
        <Label htmlFor="isAdmin">Administrador</Label>
        <Controller
          control={control}
          name="isAdmin"
          render={({ field }) => (
            <Switch id="isAdmin" checked={Boolean(field.value)} onCheckedChange={field.onChange} />
          )}
        />
      </div>
      {isEdit ? (
        <div className="flex items-center justify-between gap-4 rounded-md border p-3">
          <Label htmlFor="isActive">Ativo</Label>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <Switch id="isActive" checked={Boolean(field.value)} onCheckedChange={field.onChange} />
            )}
          />
        </div>
      ) : null}
    </div>
  );
}
