import { describe, expect, it } from 'vitest';
import { buildAuthHeaders } from './auth-headers';

const basicCredentials = (headers: Record<string, string>) =>
  Buffer.from(String(headers.authorization).replace(/^Basic /, ''), 'base64').toString('utf8');

describe('buildAuthHeaders', () => {
  it('When the auth is BASIC, then the user and password go as UTF-8 in base64, accents and emoji included', () => {
    const headers = buildAuthHeaders('BASIC', { username: 'joão', password: 'senha:ção 🚀' });
    expect(Object.keys(headers)).toEqual(['authorization']);
    expect(headers.authorization).toBe(`Basic ${Buffer.from('joão:senha:ção 🚀').toString('base64')}`);
    expect(basicCredentials(headers)).toBe('joão:senha:ção 🚀');
    expect(basicCredentials(buildAuthHeaders('BASIC', { username: 'ana' }))).toBe('ana:');
  });

  it('When the auth is BEARER or API_KEY, then the token or the custom header is sent, its name in lower case', () => {
    expect(buildAuthHeaders('BEARER', { token: 'tok-1' })).toEqual({ authorization: 'Bearer tok-1' });
    expect(buildAuthHeaders('API_KEY', { key: 'X-Api-Key', value: 'k-1' })).toEqual({ 'x-api-key': 'k-1' });
    expect(buildAuthHeaders('API_KEY', { key: 'X-Api-Key' })).toEqual({ 'x-api-key': '' });
  });

  it('When the details lack what the type needs, then nothing is sent rather than an empty credential', () => {
    expect(buildAuthHeaders('BASIC', { password: 'p' })).toEqual({});
    expect(buildAuthHeaders('BEARER', { token: '' })).toEqual({});
    expect(buildAuthHeaders('BEARER', {})).toEqual({});
    expect(buildAuthHeaders('API_KEY', { value: 'v' })).toEqual({});
    expect(buildAuthHeaders('BASIC', null)).toEqual({});
    expect(buildAuthHeaders('BEARER', undefined)).toEqual({});
  });

  it('When a stored custom header has a reserved name, then it is never sent', () => {
    for (const key of [
      'Host',
      'content-length',
      'Webhook-Signature',
      'Proxy-Authorization',
      ' connection ',
    ]) {
      expect(buildAuthHeaders('API_KEY', { key, value: 'x' })).toEqual({});
    }
  });

  it('When the type is NONE or unknown, then no header is sent whatever the details hold', () => {
    expect(buildAuthHeaders('NONE', { token: 't', username: 'u' })).toEqual({});
    expect(buildAuthHeaders('OAUTH', { token: 't' })).toEqual({});
  });
});
