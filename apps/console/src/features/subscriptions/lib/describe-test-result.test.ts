import type { TSubscriptionTestResult } from '@wm/contracts';
import { describe, expect, it } from 'vitest';
import { describeTestResult } from './describe-test-result';

const result = (fields: Partial<TSubscriptionTestResult>): TSubscriptionTestResult => ({
  success: true,
  httpStatusCode: 200,
  durationMs: 12,
  error: null,
  responseBody: null,
  deliveryLogId: '00000000-0000-0000-0000-000000000000',
  tokenStep: null,
  ...fields,
});

describe('describeTestResult', () => {
  it('When a static-auth test succeeds or fails, then the toast says what the target answered', () => {
    expect(describeTestResult(result({}))).toBe('HTTP 200 em 12 ms');
    expect(describeTestResult(result({ success: false, httpStatusCode: 500, error: 'Erro' }))).toBe(
      'HTTP 500: Erro',
    );
  });

  it('When an OAuth2 test got its token, then the toast says so before the answer', () => {
    const tokenStep = { success: true, message: 'Token OAuth2 obtido' };
    expect(describeTestResult(result({ tokenStep }))).toBe('Token OAuth2 obtido. HTTP 200 em 12 ms');
    expect(describeTestResult(result({ tokenStep, success: false, httpStatusCode: 401, error: null }))).toBe(
      'Token OAuth2 obtido. HTTP 401',
    );
  });

  it('When the token request failed, then the toast gives its reason only (the target was not called)', () => {
    const message = 'Falha ao obter token OAuth2: 401 invalid_client';
    expect(
      describeTestResult(
        result({
          success: false,
          httpStatusCode: null,
          error: message,
          tokenStep: { success: false, message },
        }),
      ),
    ).toBe(message);
  });
});
