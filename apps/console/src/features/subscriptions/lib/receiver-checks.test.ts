import { describe, expect, it } from 'vitest';
import { describeReceiverChecks } from './receiver-checks';

describe('describeReceiverChecks', () => {
  it('When a subscription has no auth, then the receiver checks the signature only', () => {
    expect(describeReceiverChecks('NONE', false)).toEqual([
      'Verifique o header webhook-signature (HMAC-SHA256, Standard Webhooks).',
    ]);
  });

  it('When a subscription uses OAuth2 and a client certificate, then the signature stays and the token and certificate checks follow', () => {
    const checks = describeReceiverChecks('OAUTH2_CLIENT_CREDENTIALS', true);
    expect(checks[0]).toContain('webhook-signature');
    expect(checks[1]).toContain('token Bearer do header Authorization com o seu servidor de autorização');
    expect(checks[2]).toContain('certificado do cliente');
    expect(checks).toHaveLength(3);
  });

  it('When a subscription sends a static header, then the receiver is told which one', () => {
    expect(describeReceiverChecks('API_KEY', false)[1]).toBe(
      'Confira também o header da API Key configurada.',
    );
    expect(describeReceiverChecks('BASIC', false)[1]).toContain('Basic');
    expect(describeReceiverChecks('BEARER', false)[1]).toContain('Bearer');
  });
});
