/** Query parameters of /login: where to go back after sign-in, and why the visitor was sent there. */
export const RETURN_URL_PARAM = 'redirect';
export const LOGIN_REASON_PARAM = 'reason';
export const SESSION_EXPIRED_REASON = 'expired';

const HOME = '/';
const CHECK_ORIGIN = 'http://console.invalid';

/**
 * The return URL to follow after sign-in, or '/' when it is missing or unsafe: only a path of this
 * console (starting with one '/', no scheme, no '//' or '\' that a browser reads as another host,
 * no control characters), never /login itself.
 */
export function toSafeReturnUrl(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//')) return HOME;
  // Browsers treat '\' as '/' ('/\evil.com' opens evil.com) and drop tabs and newlines.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return HOME;
  let url: URL;
  try {
    url = new URL(value, CHECK_ORIGIN);
  } catch {
    return HOME;
  }
  if (url.origin !== CHECK_ORIGIN || url.pathname === '/login') return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the place to come back to (left out for '/') and, when the session ended, the reason. */
export function buildLoginHref(returnUrl: string, isSessionExpired: boolean): string {
  const params = new URLSearchParams();
  const safeReturnUrl = toSafeReturnUrl(returnUrl);
  if (safeReturnUrl !== HOME) params.set(RETURN_URL_PARAM, safeReturnUrl);
  if (isSessionExpired) params.set(LOGIN_REASON_PARAM, SESSION_EXPIRED_REASON);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}
