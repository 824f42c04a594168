import { AUTH_TYPES, OAUTH2_AUTH_METHODS, type SubscriptionAuthType } from '@wm/contracts';
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
  tokenUrl: { label: 'URL do token', type: 'text', placeholder: 'https://auth.exemplo.com/oauth/token' },
  clientId: { label: 'Client ID', type: 'text', placeholder: 'webhook-manager' },
  // Write-only: the API answers it masked; left masked, the saved secret is kept.
  clientSecret: { label: 'Client secret', type: 'password', placeholder: '••••••••' },
  scope: { label: 'Escopo (opcional)', type: 'text', placeholder: 'webhooks:write' },
  audience: { label: 'Audience (opcional)', type: 'text', placeholder: 'https://api.exemplo.com' },
} as const;

const FIELDS_BY_TYPE: Record<SubscriptionAuthType, (keyof typeof FIELD_LABELS)[]> = {
  NONE: [],
  BASIC: ['username', 'password'],
  BEARER: ['token'],
  API_KEY: ['key', 'value'],
  OAUTH2_CLIENT_CREDENTIALS: ['tokenUrl', 'clientId', 'clientSecret', 'scope', 'audience'],
};

export const AUTH_TYPE_LABELS: Record<SubscriptionAuthType, string> = {
  NONE: 'Nenhuma',
  BASIC: 'Basic Auth',
  BEARER: 'Bearer Token',
  API_KEY: 'API Key',
  OAUTH2_CLIENT_CREDENTIALS: 'OAuth2 (client credentials)',
};

const OAUTH2_METHOD_LABELS: Record<(typeof OAUTH2_AUTH_METHODS)[number], string> = {
  client_secret_basic: 'Secret no cabeçalho (client_secret_basic)',
  client_secret_post: 'Secret no corpo (client_secret_post)',
};

/** The detail inputs of an auth type (BASIC user+password, BEARER token, API_KEY key+value) under `name`. */
export function AuthDetailsFields({ name, authType }: { name: string; authType: SubscriptionAuthType }) {
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
      {authType === 'OAUTH2_CLIENT_CREDENTIALS' ? (
        <SelectField
          name={`${name}.authMethod`}
          label="Envio do client secret"
          options={OAUTH2_AUTH_METHODS.map((method) => ({
            value: method,
            label: OAUTH2_METHOD_LABELS[method],
          }))}
        />
      ) : null}
    </div>
  );
}

/** The "Autenticação" select under `typeName` followed by the chosen type's detail inputs under `detailsName`. */
export function AuthFields({
  typeName,
  detailsName,
  types = AUTH_TYPES,
}: {
  typeName: string;
  detailsName: string;
  /** Callbacks take the static types; a subscription also OAuth2. */
  types?: readonly SubscriptionAuthType[];
}) {
  const authType = useFormContext().watch(typeName) as SubscriptionAuthType;
  return (
    <>
      <SelectField
        name={typeName}
        label="Autenticação"
        options={types.map((type) => ({ value: type, label: AUTH_TYPE_LABELS[type] }))}
      />
      <AuthDetailsFields name={detailsName} authType={authType} />
    </>
  );
}
