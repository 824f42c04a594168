import { zodResolver } from '@hookform/resolvers/zod';
import { isEmailChange, profileFormSchema, type TUpdateProfileRequest, type TUser } from '@wm/contracts';
import { Loader2, Pencil } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';

type ProfileSchema = ReturnType<typeof profileFormSchema>;

/**
 * Name and e-mail with a display/edit toggle; 'Salvar' really saves (PUT /auth/me). A new e-mail
 * asks for the current password, as the server does.
 */
export function ProfileInfoCard({ user }: { user: TUser }) {
  const [isEditing, setIsEditing] = useState(false);
  const update = useUpdateProfile();
  const schema = useMemo(() => profileFormSchema(user.email), [user.email]);
  const form = useForm<z.input<ProfileSchema>, unknown, TUpdateProfileRequest>({
    resolver: zodResolver(schema),
    values: { name: user.name, email: user.email, currentPassword: '' },
  });
  const { errors } = form.formState;
  const isChangingEmail = isEmailChange(
    { email: (form.watch('email') ?? '').trim().toLowerCase() },
    user.email,
  );

  const onCancel = () => {
    form.reset({ name: user.name, email: user.email, currentPassword: '' });
    setIsEditing(false);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const { currentPassword, ...rest } = values;
    try {
      await update.mutateAsync(isEmailChange(values, user.email) ? values : rest);
      toast.success('Perfil atualizado', { description: 'Suas informações foram salvas.' });
      setIsEditing(false);
    } catch (error) {
      toastError('Erro ao atualizar perfil', error);
    }
  });

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Informações Pessoais</CardTitle>
          <CardDescription>Seu nome e e-mail de acesso.</CardDescription>
        </div>
        {isEditing ? null : (
          <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
            <Pencil />
            Editar
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {isEditing ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField label="Nome" htmlFor="profile-name" error={errors.name?.message}>
              <Input id="profile-name" aria-invalid={Boolean(errors.name)} {...form.register('name')} />
            </FormField>
            <FormField label="Email" htmlFor="profile-email" error={errors.email?.message}>
              <Input
                id="profile-email"
                type="email"
                aria-invalid={Boolean(errors.email)}
                {...form.register('email')}
              />
            </FormField>
            {isChangingEmail ? (
              <FormField
                label="Senha atual"
                htmlFor="profile-current-password"
                error={errors.currentPassword?.message}
              >
                <Input
                  id="profile-current-password"
                  type="password"
                  autoComplete="current-password"
                  aria-invalid={Boolean(errors.currentPassword)}
                  {...form.register('currentPassword')}
                />
              </FormField>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={onCancel}>
                Cancelar
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? <Loader2 className="animate-spin" /> : null}
                {update.isPending ? 'Salvando...' : 'Salvar'}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1">
              <dt className="text-sm text-muted-foreground">Nome</dt>
              <dd className="font-medium" data-testid="profile-name">
                {user.name}
              </dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-sm text-muted-foreground">Email</dt>
              <dd className="font-medium" data-testid="profile-email">
                {user.email}
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
