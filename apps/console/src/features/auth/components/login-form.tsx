import { zodResolver } from '@hookform/resolvers/zod';
import { type TLoginRequest, ZLoginRequest } from '@wm/contracts';
import { Eye, EyeOff, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, UNEXPECTED_ERROR } from '@/lib/api-client';
import { RETURN_URL_PARAM, toSafeReturnUrl } from '@/lib/return-url';
import { useLogin } from '@/lib/session';

export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const form = useForm<z.input<typeof ZLoginRequest>, unknown, TLoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      () => {
        toast.success('Login realizado com sucesso!', { description: 'Redirecionando...' });
        navigate(toSafeReturnUrl(searchParams.get(RETURN_URL_PARAM)), { replace: true });
      },
      (error: unknown) => {
        // The server's own message when it sent one, else the generic fallback.
        const description =
          error instanceof ApiError && error.status > 0 && error.error !== UNEXPECTED_ERROR
            ? error.error
            : 'Credenciais inválidas';
        toast.error('Erro no login', { description });
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Email" htmlFor="email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="seu@email.com"
          aria-invalid={Boolean(errors.email)}
          {...form.register('email')}
        />
      </FormField>
      <FormField label="Senha" htmlFor="password" error={errors.password?.message}>
        <div className="relative">
          <Input
            id="password"
            type={isPasswordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder="Digite sua senha"
            className="pr-10"
            aria-invalid={Boolean(errors.password)}
            {...form.register('password')}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center text-muted-foreground hover:text-foreground"
            aria-label={isPasswordVisible ? 'Ocultar senha' : 'Mostrar senha'}
            onClick={() => setIsPasswordVisible((isVisible) => !isVisible)}
          >
            {isPasswordVisible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
          </button>
        </div>
      </FormField>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? (
          <>
            <Loader2 className="animate-spin" />
            Entrando...
          </>
        ) : (
          'Entrar'
        )}
      </Button>
    </form>
  );
}
