import { MASKED_PROXY_PASSWORD, type TOutboundProxy } from '@wm/contracts';
import type { StoredOutboundProxy } from '../../db/schema/applications';
import type { Cipher } from '../../lib/crypto';

/**
 * The proxy setting as stored: the password out of the URL and sealed. A password written back
 * as MASKED_PROXY_PASSWORD keeps the stored one (the console edits what the answer showed).
 */
export function sealOutboundProxy(
  cipher: Cipher,
  input: TOutboundProxy,
  existing: StoredOutboundProxy | null,
): StoredOutboundProxy | null {
  if (!input) return null;
  const url = new URL(input.url);
  const written = url.password === '' ? null : decodeURIComponent(url.password);
  url.password = '';
  const password =
    written === MASKED_PROXY_PASSWORD ? (existing?.password ?? null) : written && cipher.seal(written);
  return { url: url.href, password, exclude: [...input.exclude] };
}

/** The proxy setting as answers show it: the password, if any, as MASKED_PROXY_PASSWORD. */
export function toOutboundProxyView(stored: StoredOutboundProxy | null): TOutboundProxy {
  if (!stored) return null;
  const url = new URL(stored.url);
  if (stored.password !== null) url.password = MASKED_PROXY_PASSWORD;
  return { url: decodeURI(url.href), exclude: [...stored.exclude] };
}
