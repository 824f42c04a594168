import { AUTH_TYPES, type AuthType } from '@wm/contracts';
import { Controller, useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { authTypeLabel } from './auth-type-badge';

type FieldSpec = { name: string; label: string; placeholder: string; isSecret?: boolean };

/** The detail fields each auth type needs (spec: user and password; token; key and value). */
const FIELDS: Record<AuthType, FieldSpec[]> = {
  NONE: [],
  BASIC: [
    { name: 'username', label: 'Usuário', placeholder: 'usuario' },
    { name: 'password', label: 'Senha', placeholder: '••••••', isSecret: true },
  ],
  BEARER: [{ name: 'token', label: 'Token', placeholder: 'seu-token', isSecret: true }],
  API_KEY: [
    { name: 'key', label: 'Chave (cabeçalho)', placeholder: 'X-API-Key' },
    { name: 'value', label: 'Valor', placeholder: 'valor-da-chave', isSecret: true },
  ],
};

/** Auth type select and its detail fields, inside a FormProvider with callbackAuthType/callbackAuthDetails. */
export function CallbackAuthFields() {
  const form = useFormContext<{
    callbackAuthType: AuthType;
    callbackAuthDetails?: Record<string, unknown> | null;
  }>();
  const type = form.watch('callbackAuthType') ?? 'NONE';
  return (
    <>
      <FormField label="Tipo de autenticação" htmlFor="callbackAuthType" name="callbackAuthType">
        <Controller
          control={form.control}
          name="callbackAuthType"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="callbackAuthType" aria-label="Tipo de autenticação">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {AUTH_TYPES.map((authType) => (
                  <SelectItem key={authType} value={authType}>
                    {authTypeLabel[authType]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      {FIELDS[type].length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS[type].map((field) => {
            const name = `callbackAuthDetails.${field.name}` as const;
            return (
              <FormField key={field.name} label={field.label} htmlFor={name} name={name}>
                <Input
                  id={name}
                  type={field.isSecret ? 'password' : 'text'}
                  autoComplete="off"
                  placeholder={field.placeholder}
                  {...form.register(name)}
                />
              </FormField>
            );
          })}
        </div>
      ) : null}
    </>
  );
}
