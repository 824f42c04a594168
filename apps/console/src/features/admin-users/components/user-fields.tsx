import type { TUpdateUserForm } from '@wm/contracts';
import type { FormEventHandler } from 'react';
import {
  Controller,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useFormContext,
} from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
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

type UserField = keyof TUpdateUserForm;

function UserInput({
  name,
  label,
  type,
  autoComplete,
  description,
}: {
  name: UserField;
  label: string;
  type?: 'email' | 'password';
  autoComplete: string;
  description?: string;
}) {
  const { register, formState } = useFormContext<TUpdateUserForm>();
  return (
    <FormField label={label} name={name} description={description}>
      <Input
        id={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={Boolean(formState.errors[name])}
        {...register(name)}
      />
    </FormField>
  );
}

function UserSwitch({ name, label }: { name: 'isAdmin' | 'isActive'; label: string }) {
  const { control } = useFormContext<TUpdateUserForm>();
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border p-3">
      <Label htmlFor={name}>{label}</Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch id={name} checked={Boolean(field.value)} onCheckedChange={field.onChange} />
        )}
      />
    </div>
  );
}

/** Fields shared by the create and edit dialogs; the form is provided by the dialog. */
function UserFields({ isEdit = false }: { isEdit?: boolean }) {
  return (
    <div className="grid gap-4">
      <UserInput name="name" label="Nome" autoComplete="off" />
      <UserInput name="email" label="Email" type="email" autoComplete="off" />
      <UserInput
        name="password"
        label={isEdit ? 'Nova senha' : 'Senha'}
        type="password"
        autoComplete="new-password"
        description={isEdit ? 'Deixe em branco para manter a senha atual.' : undefined}
      />
      <UserInput name="confirmPassword" label="Confirmar senha" type="password" autoComplete="new-password" />
      <UserSwitch name="isAdmin" label="Administrador" />
      {isEdit ? <UserSwitch name="isActive" label="Ativo" /> : null}
    </div>
  );
}

/** The create and edit dialogs' form: the user fields, then Cancelar and the submit button. */
export function UserForm<T extends FieldValues, TOutput>({
  form,
  onSubmit,
  isEdit = false,
  isPending,
  submitLabel,
  pendingLabel,
  onCancel,
}: {
  form: UseFormReturn<T, unknown, TOutput>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isEdit?: boolean;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel: () => void;
}) {
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <UserFields isEdit={isEdit} />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
