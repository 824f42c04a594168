import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL, resolveBaseUrl, toPlainOrigin } from './resolve-base-url';

describe('resolveBaseUrl', () => {
  it('When PUBLIC_URL is set, then it wins over the request, without a trailing slash', () => {
    expect(
      resolveBaseUrl({
        publicUrl: 'https://hooks.example.com/api/',
        origin: 'http://console.local:5173',
        host: 'other:3333',
      }),
    ).toBe('https://hooks.example.com/api');
  });

  it('When the console sends a plain origin, then the code posts there', () => {
    expect(resolveBaseUrl({ origin: 'http://localhost:5173', host: 'api:3333' })).toBe(
      'http://localhost:5173',
    );
    expect(resolveBaseUrl({ origin: 'https://Console.Example.com' })).toBe('https://console.example.com');
    expect(resolveBaseUrl({ origin: 'http://[::1]:8080' })).toBe('http://[::1]:8080');
  });

  it.each([
    'null',
    'file://',
    'javascript:alert(1)',
    'ftp://example.com',
    'https://example.com/',
    'https://example.com/path',
    'https://example.com?x=1',
    'https://example.com#x',
    'https://user:pw@example.com',
    "https://example.com/'; rm -rf ~",
    'https://exa mple.com',
    'https://example.com\n',
    ' https://example.com',
    `https://${'a'.repeat(400)}.com`,
  ])('When the Origin is "%s", then it is not used', (origin) => {
    expect(toPlainOrigin(origin)).toBeNull();
    expect(resolveBaseUrl({ origin, host: '127.0.0.1:3333', protocol: 'http' })).toBe(
      'http://127.0.0.1:3333',
    );
  });

  it('When there is no usable Origin, then Host with the request protocol; a malformed Host falls back to localhost', () => {
    expect(resolveBaseUrl({ host: 'api.example.com', protocol: 'https' })).toBe('https://api.example.com');
    expect(resolveBaseUrl({ host: 'api.example.com:8080', protocol: 'http' })).toBe(
      'http://api.example.com:8080',
    );
    expect(resolveBaseUrl({ host: 'evil.com/"x', protocol: 'http' })).toBe(DEFAULT_BASE_URL);
    expect(resolveBaseUrl({ host: 'a.com@b.com', protocol: 'http' })).toBe(DEFAULT_BASE_URL);
    expect(resolveBaseUrl({ origin: ['http://a.com', 'http://b.com'] })).toBe(DEFAULT_BASE_URL);
    expect(resolveBaseUrl({})).toBe(DEFAULT_BASE_URL);
  });
});
