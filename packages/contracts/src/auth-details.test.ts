import { describe, expect, it } from 'vitest';
import { ZUpdateApplicationRequest } from './applications';
import {
  MASKED_SECRET,
  maskAuthDetails,
  normalizeAuthDetails,
  RESERVED_HEADER_MESSAGE,
  ZApiKeyAuthDetails,
} from './auth-details';

describe('auth details', () => {
  it('When the type is NONE, then any details are dropped', () => {
    expect(normalizeAuthDetails('NONE', { token: 'x' })).toBeNull();
  });

  it('When the type needs fields, then only those fields are kept, trimmed', () => {
    expect(normalizeAuthDetails('BEARER', { token: ' abc ', username: 'u' })).toEqual({ token: 'abc' });
    expect(normalizeAuthDetails('API_KEY', { key: 'X-Key', value: 'v', password: 'p' })).toEqual({
      key: 'X-Key',
      value: 'v',
    });
  });

  it('When details are masked, then only the secret fields are hidden', () => {
    expect(maskAuthDetails('BASIC', { username: 'ana', password: 'p' })).toEqual({
      username: 'ana',
      password: MASKED_SECRET,
    });
    expect(maskAuthDetails('BEARER', { token: 't' })).toEqual({ token: MASKED_SECRET });
    expect(maskAuthDetails('API_KEY', { key: 'X-Key', value: 'v' })).toEqual({
      key: 'X-Key',
      value: MASKED_SECRET,
    });
    expect(maskAuthDetails('NONE', null)).toBeNull();
  });

  it('When a value holds a line break, then it is refused (it would split an HTTP header)', () => {
    const result = ZUpdateApplicationRequest.safeParse({
      name: 'App',
      callbackAuthType: 'BEARER',
      callbackAuthDetails: { token: 'a\r\nX-Evil: 1' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Não pode conter quebras de linha');
  });

  it('When an API key header names a hop-by-hop or framing header, in any case, then it is refused', () => {
    for (const key of [
      'host',
      'Host',
      'Content-Length',
      'transfer-encoding',
      'CONNECTION',
      'keep-alive',
      'te',
      'trailer',
      'upgrade',
      'expect',
      'proxy-authorization',
      'Proxy-Connection',
      'proxy-anything',
      'webhook-signature',
    ]) {
      const result = ZApiKeyAuthDetails.safeParse({ key, value: 'v' });
      expect(result.success, key).toBe(false);
      expect(result.error?.issues[0]?.message, key).toBe(RESERVED_HEADER_MESSAGE);
    }
    for (const key of ['X-Api-Key', 'Authorization', 'x-host', 'api-connection', 'hostname', 'X-Proxy-Key']) {
      expect(ZApiKeyAuthDetails.safeParse({ key, value: 'v' }).success, key).toBe(true);
    }
  });
});
