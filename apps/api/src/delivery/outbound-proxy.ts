import { ProxyAgent } from 'undici';
import type { StoredOutboundProxy } from '../db/schema/applications';

/** The egress proxy of outbound sends, and the hosts reached without it. */
export type OutboundProxy = { url: string; exclude: readonly string[] };

/**
 * Whether a send to `hostname` goes through the proxy: not when the host is listed in `exclude`
 * (`example.com` that host; `.example.com` also its subdomains; `*` every host).
 */
export function isProxied(proxy: OutboundProxy | null | undefined, hostname: string): proxy is OutboundProxy {
  if (!proxy) return false;
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return !proxy.exclude.some((entry) => {
    if (entry === '*') return true;
    if (entry.startsWith('.')) return host.endsWith(entry) || host === entry.slice(1);
    return host === entry;
  });
}

/**
 * A pool that tunnels every request through the proxy with CONNECT (http and https targets alike,
 * so the proxy never reads the request); `requestTls` is the target's TLS (a client certificate).
 * Credentials in the proxy URL become its Proxy-Authorization header.
 */
export function createProxyAgent(
  proxy: OutboundProxy,
  timeoutMs: number,
  requestTls: { cert?: string; key?: string; passphrase?: string; ca?: string } = {},
): ProxyAgent {
  return new ProxyAgent({
    uri: proxy.url,
    proxyTunnel: true,
    requestTls,
    keepAliveTimeout: 10_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

/** The configured proxy (OUTBOUND_PROXY_URL, OUTBOUND_PROXY_EXCLUDE), or null. */
export const outboundProxyOf = (config: {
  OUTBOUND_PROXY_URL?: string | undefined;
  OUTBOUND_PROXY_EXCLUDE: readonly string[];
}): OutboundProxy | null =>
  config.OUTBOUND_PROXY_URL
    ? { url: config.OUTBOUND_PROXY_URL, exclude: config.OUTBOUND_PROXY_EXCLUDE }
    : null;

/** An application's stored proxy as the sender uses it (its password opened into the URL); null: none. */
export function openOutboundProxy(
  cipher: { open(value: string): string },
  stored: StoredOutboundProxy | null | undefined,
): OutboundProxy | null {
  if (!stored) return null;
  const url = new URL(stored.url);
  if (stored.password !== null) url.password = encodeURIComponent(cipher.open(stored.password));
  return { url: url.href, exclude: stored.exclude };
}
