import { AUTH_TYPES, type AuthType } from '@wm/contracts';
import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from './select-field';

const FIELD_LABELS = {
  username: { label: 'Usuário', type: 'text', placeholder: 'usuario' },
  password: { label: 'Senha', type: 'password', placeholder: '••••••••' },
  token: { label: 'Token', type: 'password', placeholder: 'seu-token' },
  key: { label: 'Chave (nome do header)', type: 'text', placeholder: 'X-API-Key' },
  value: { label: 'Valor', type: 'password', placeholder: 'valor-da-chave' },
} as const;

const FIELDS_BY_TYPE: Record<AuthType, (keyof typeof FIELD_LABELS)[]> = {
  NONE: [],
  BASIC: ['username', 'password'],
  BEARER: ['token'],
  API_KEY: ['key', 'value'],
};

export const AUTH_TYPE_LABELS: Record<AuthType, string> = {
  NONE: 'Nenhuma',
  BASIC: 'Basic Auth',
  BEARER: 'Bearer Token',
  API_KEY: 'API Key',
};

/** The detail inputs of an auth type (BASIC user+password, BEARER token, API_KEY key+value) under `name`. */
export function AuthDetailsFields({ name, authType }: { name: string; authType: AuthType }) {
  const { register } = useFormContext();
  const fields = FIELDS_BY_TYPE[authType] ?? [];
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => {
        const meta = FIELD_LABELS[field];
        const id = `${name}.${field}`;
        return (
          <FormField key={field} label={meta.label} name={id} htmlFor={id}>
            <Input
              id={id}
              type={meta.type}
              placeholder={meta.placeholder}
              autoComplete="off"
              {...register(id)}
            />
          </FormField>
        );
      })}
    </div>
  );
}

/** The "Autenticação" select under `typeName` followed by the chosen type's detail inputs under `detailsName`. */
export function AuthFields({ typeName, detailsName }: { typeName: string; detailsName: string }) {
  const authType = useFormContext().watch(typeName) as AuthType;
  return (
    <>
      <SelectField
        name={typeName}
        label="Autenticação"
        options={AUTH_TYPES.map((type) => ({ value: type, label: AUTH_TYPE_LABELS[type] }))}
      />
      <AuthDetailsFields name={detailsName} authType={authType} />
    </>
  );
}
