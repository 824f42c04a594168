import { describe, expect, it } from 'vitest';
import { pickAuthDetails } from './auth-details';
import { isClientTlsExpiringSoon } from './client-tls';
import { subscriptionFormToRequest, ZCreateSubscriptionForm } from './subscriptions';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----';

const form = (overrides: Record<string, unknown> = {}) => ({
  eventId: '0190a000-0000-7000-8000-000000000001',
  name: 'ERP',
  targetUrl: 'https://erp.example.com/hooks',
  httpMethod: 'POST',
  authType: 'NONE',
  authDetails: {},
  jsonBody: '{}',
  filters: [],
  rateLimitPerSecond: '',
  maxInFlight: '',
  fifoOnFailure: 'CONTINUE' as const,
  ...overrides,
});

describe('OAuth2 and client certificate fields', () => {
  it('When OAuth2 details leave scope and audience empty, then they are not kept and the secret goes in Basic auth', () => {
    expect(
      pickAuthDetails('OAUTH2_CLIENT_CREDENTIALS', {
        tokenUrl: 'https://auth.example.com/token',
        clientId: ' erp ',
        clientSecret: 's',
        scope: '',
        audience: '',
        username: 'dropped',
      }),
    ).toEqual({
      tokenUrl: 'https://auth.example.com/token',
      clientId: 'erp',
      clientSecret: 's',
      authMethod: 'client_secret_basic',
    });
  });

  it('When the form has a certificate without its key, then the key is asked for in pt-BR', () => {
    const parsed = ZCreateSubscriptionForm.safeParse(
      form({ clientTls: { certificate: CERT, privateKey: '' } }),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      'clientTls.privateKey',
      'Chave privada é obrigatória',
    ]);
  });

  it('When the form has a certificate and key, then the request carries them; empty inputs send none', () => {
    const filled = ZCreateSubscriptionForm.parse(
      form({ clientTls: { certificate: CERT, privateKey: KEY, passphrase: '', caBundle: '' } }),
    );
    expect(subscriptionFormToRequest(filled).clientTls).toEqual({ certificate: CERT, privateKey: KEY });
    const empty = ZCreateSubscriptionForm.parse(form({ clientTls: { certificate: '', privateKey: '' } }));
    expect(subscriptionFormToRequest(empty)).not.toHaveProperty('clientTls');
  });

  it('When a certificate expires within 14 days, then it is flagged; later ones are not', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isClientTlsExpiringSoon('2026-01-10T00:00:00Z', now)).toBe(true);
    expect(isClientTlsExpiringSoon('2026-02-01T00:00:00Z', now)).toBe(false);
  });
});
