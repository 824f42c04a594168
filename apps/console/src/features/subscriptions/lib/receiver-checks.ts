import type { SubscriptionAuthType } from '@wm/contracts';

const SIGNATURE_CHECK = 'Verifique o header webhook-signature (HMAC-SHA256, Standard Webhooks).';

/** What a receiver checks besides the signature, by the subscription's auth type. */
const AUTH_CHECKS: Record<SubscriptionAuthType, string | null> = {
  NONE: null,
  BASIC: 'Confira também o header Authorization (Basic) com o usuário e a senha configurados.',
  BEARER: 'Confira também o token do header Authorization (Bearer).',
  API_KEY: 'Confira também o header da API Key configurada.',
  OAUTH2_CLIENT_CREDENTIALS:
    'Confira também o token Bearer do header Authorization com o seu servidor de autorização (OAuth2): ele foi emitido para o client ID configurado.',
};

const CLIENT_TLS_CHECK =
  'O servidor TLS do receptor deve exigir o certificado do cliente e conferi-lo com a CA que o emitiu (TLS mútuo).';

/**
 * How the receiver verifies this subscription's requests: the Standard Webhooks signature on every
 * one, whatever the auth type, then what the auth type and a client certificate add.
 */
export function describeReceiverChecks(authType: SubscriptionAuthType, hasClientTls: boolean): string[] {
  const authCheck = AUTH_CHECKS[authType];
  return [SIGNATURE_CHECK, ...(authCheck ? [authCheck] : []), ...(hasClientTls ? [CLIENT_TLS_CHECK] : [])];
}
