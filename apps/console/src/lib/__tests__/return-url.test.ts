import { describe, expect, it } from 'vitest';
import { buildLoginHref, toSafeReturnUrl } from '../return-url';

describe('return URL after sign-in', () => {
  it('When the URL is a path of the console, then its path, query and hash are kept', () => {
    expect(toSafeReturnUrl('/events')).toBe('/events');
    expect(toSafeReturnUrl('/logs?status=FAILED&page=3')).toBe('/logs?status=FAILED&page=3');
    expect(toSafeReturnUrl('/events/01a2?tab=x#y')).toBe('/events/01a2?tab=x#y');
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/events'],
    ['absolute http', 'http://evil.com/events'],
    ['absolute https', 'https://evil.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['backslash host', '/\\evil.com'],
    ['backslashes only', '\\\\evil.com'],
    ['tab inside the slashes', '/\t/evil.com'],
    ['newline inside the slashes', '/\n/evil.com'],
    ['relative path', 'events'],
    ['the login page itself', '/login?redirect=/events'],
  ])('When the URL is %s, then sign-in goes to / instead', (_case, value) => {
    expect(toSafeReturnUrl(value)).toBe('/');
  });

  it('When the login link is built, then the return URL is encoded and the reason added on expiry', () => {
    expect(buildLoginHref('/logs?status=FAILED', true)).toBe(
      '/login?redirect=%2Flogs%3Fstatus%3DFAILED&reason=expired',
    );
    expect(buildLoginHref('/', false)).toBe('/login');
    expect(buildLoginHref('//evil.com', true)).toBe('/login?reason=expired');
  });
});
