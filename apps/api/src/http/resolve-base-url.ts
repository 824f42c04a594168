export const DEFAULT_BASE_URL = 'http://localhost:3333';

export type BaseUrlSources = {
  /** PUBLIC_URL from the configuration, already validated as a URL. */
  publicUrl?: string;
  /** The request's Origin header: the origin the console was opened from. */
  origin?: string | string[];
  /** The request's Host header and protocol, when the request carries no usable Origin. */
  host?: string;
  protocol?: string;
};

/**
 * Where generated code posts: PUBLIC_URL, else the origin the console was opened from (the Origin
 * header, else Host with the request's protocol), else http://localhost:3333. Request headers are
 * client input that ends up in code a person runs, so only a plain http(s) origin — scheme, host,
 * optional port, nothing else — is taken; anything else falls through to the next source.
 */
export function resolveBaseUrl(sources: BaseUrlSources): string {
  if (sources.publicUrl) return sources.publicUrl.replace(/\/+$/, '');
  const origin = typeof sources.origin === 'string' ? toPlainOrigin(sources.origin) : null;
  if (origin) return origin;
  const protocol = sources.protocol === 'https' ? 'https' : 'http';
  const fromHost = typeof sources.host === 'string' ? toPlainOrigin(`${protocol}://${sources.host}`) : null;
  return fromHost ?? DEFAULT_BASE_URL;
}

/** `value` when it is exactly an http(s) origin as the URL parser writes it back; null otherwise. */
export function toPlainOrigin(value: string): string | null {
  if (value.length > 300 || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // The round trip refuses paths, queries, fragments, credentials, whitespace and odd characters:
  // any of them makes the serialised origin differ from the input.
  return url.origin === value.toLowerCase() && url.origin.length === value.length ? url.origin : null;
}

type RequestOrigin = { headers: { origin?: string | string[]; host?: string }; protocol: string };

/** The base URL for links a caller is shown (generated code, ingest URLs), from PUBLIC_URL or the request. */
export function requestBaseUrl(publicUrl: string | undefined, request: RequestOrigin): string {
  return resolveBaseUrl({
    publicUrl,
    origin: request.headers.origin,
    host: request.headers.host,
    protocol: request.protocol,
  });
}
