import { describe, expect, it } from 'vitest';
import { ZUpdateApplicationRequest } from './applications';
import { MASKED_SECRET, maskAuthDetails, normalizeAuthDetails } from './auth-details';

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
});
