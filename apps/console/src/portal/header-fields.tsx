import { AUTH_DETAIL_FIELDS, AUTH_TYPES, type SubscriptionAuthType } from '@wm/contracts';
import type { Strings } from './strings';

/** Fields whose value is a credential: typed as passwords. */
const SECRET_FIELDS = new Set(['password', 'token', 'value']);

/**
 * The headers the endpoint receives besides the signature: none, Basic, Bearer or a custom header
 * (API key). A type the portal does not offer (OAuth2, set through the API) is shown and kept as is.
 */
export function HeaderFields({
  authType,
  authDetails,
  onChange,
  t,
}: {
  authType: SubscriptionAuthType;
  authDetails: Record<string, string>;
  onChange: (authType: SubscriptionAuthType, authDetails: Record<string, string>) => void;
  t: Strings;
}) {
  const isOffered = (AUTH_TYPES as readonly string[]).includes(authType);
  const types: readonly SubscriptionAuthType[] = isOffered ? AUTH_TYPES : [...AUTH_TYPES, authType];
  const fields = isOffered ? AUTH_DETAIL_FIELDS[authType] : [];
  return (
    <fieldset className="portal-fieldset" data-testid="portal-headers">
      <legend>{t.headers}</legend>
      <label>
        {t.authType}
        <select
          value={authType}
          onChange={(e) => onChange(e.target.value as SubscriptionAuthType, {})}
          disabled={!isOffered}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {t.authTypes[type]}
            </option>
          ))}
        </select>
      </label>
      {fields.map((field) => (
        <label key={field}>
          {t.authFields[field as keyof Strings['authFields']] ?? field}
          <input
            type={SECRET_FIELDS.has(field) ? 'password' : 'text'}
            autoComplete="off"
            value={authDetails[field] ?? ''}
            onChange={(e) => onChange(authType, { ...authDetails, [field]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}
