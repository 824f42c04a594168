import { Agent, type Dispatcher } from 'undici';
import type { Clock } from '../lib/clock';
import { isPrivateTarget } from '../lib/private-addresses';
import { createProxyAgent, isProxied, type OutboundProxy } from './outbound-proxy';
import { createGuardedConnect, describeError, isBlockedError } from './sender';
import { BLOCKED_TARGET_MESSAGE } from './ssrf-guard';

/** What the worker needs to ask a token endpoint for a token (OAuth2 client credentials, RFC 6749 §4.4). */
export type OAuth2Credentials = {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope?: string;
  audience?: string;
  authMethod?: string;
};

export type TokenAnswer =
  | { ok: true; token: string }
  | {
      ok: false;
      /** Recorded on the attempt: "Falha ao obter token OAuth2: 400 invalid_client". */
      error: string;
      /** The token URL resolves to a private address: not retried, as a blocked target. */
      isBlocked: boolean;
    };

/**
 * This process's OAuth2 access tokens, one per subscription, shared by all its deliveries: fetched
 * once, kept until shortly before `expires_in` on the context's clock, fetched again after a 401.
 */
export type OAuth2Tokens = {
  /**
   * The subscription's token; `staleToken` (the one a receiver answered 401 to) is dropped first,
   * unless another attempt already replaced it, so a burst of 401s fetches once.
   */
  /** `proxy`: the application's own egress proxy, instead of the global one. */
  getToken(
    subscriptionId: string,
    credentials: OAuth2Credentials,
    staleToken?: string,
    proxy?: OutboundProxy,
  ): Promise<TokenAnswer>;
  /** Tokens held now (for tests and metrics). */
  size(): number;
  /** Forgets the tokens and closes the token endpoints' connections. */
  stop(): Promise<void>;
};

type Entry = { fingerprint: string; token: string; expiresAtMs: number };

export const OAUTH2_TOKEN_ERROR_PREFIX = 'Falha ao obter token OAuth2';
/** Without `expires_in`, a token is kept this long. */
const DEFAULT_LIFETIME_S = 300;
/** A token is renewed this long before it expires (at most a tenth of its life), so none is sent stale. */
const RENEW_MARGIN_MS = 30_000;
/** Longest answer of a token endpoint that is read. */
const TOKEN_BODY_LIMIT = 64 * 1024;

type TokenOptions = {
  clock: Clock;
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** Token requests leave through the egress proxy as deliveries do (unless the host is excluded). */
  proxy?: OutboundProxy | null;
};

/** The per-process token cache, built with the context and stopped with it. */
export function createOAuth2Tokens(options: TokenOptions): OAuth2Tokens {
  const agent = new Agent({
    connect: createGuardedConnect(options.allowPrivateTargets),
    keepAliveTimeout: 10_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  // One tunnel pool per proxy (the global one, each application's own).
  const proxyAgents = new Map<string, Dispatcher>();
  const proxyAgentFor = (proxy: OutboundProxy) => {
    let found = proxyAgents.get(proxy.url);
    if (!found) {
      found = createProxyAgent(proxy, options.timeoutMs);
      proxyAgents.set(proxy.url, found);
    }
    return found;
  };
  const dispatcherFor = async (tokenUrl: string, own?: OutboundProxy): Promise<Dispatcher | null> => {
    const url = URL.parse(tokenUrl);
    const hostname = url?.hostname ?? '';
    // As the sender: a host the application's proxy excludes takes the global route.
    const proxy = own && isProxied(own, hostname) ? own : (options.proxy ?? null);
    if (!isProxied(proxy, hostname)) return agent;
    // The proxy resolves the name: checked here first, as the sender does for targets.
    return !options.allowPrivateTargets && (await isPrivateTarget(tokenUrl)) ? null : proxyAgentFor(proxy);
  };
  const tokens = new Map<string, Entry>();
  const fetching = new Map<string, Promise<TokenAnswer>>();

  const fetchAndKeep = async (
    subscriptionId: string,
    credentials: OAuth2Credentials,
    fingerprint: string,
    proxy: OutboundProxy | undefined,
  ): Promise<TokenAnswer> => {
    const dispatcher = await dispatcherFor(credentials.tokenUrl, proxy);
    const answer = dispatcher
      ? await requestToken(dispatcher, credentials, options.timeoutMs)
      : failure(BLOCKED_TARGET_MESSAGE, true);
    if (!answer.ok) {
      tokens.delete(subscriptionId);
      return { ok: false, error: answer.error, isBlocked: answer.isBlocked };
    }
    const lifetimeMs = (answer.expiresIn ?? DEFAULT_LIFETIME_S) * 1000;
    const margin = Math.min(RENEW_MARGIN_MS, lifetimeMs / 10);
    tokens.set(subscriptionId, {
      fingerprint,
      token: answer.token,
      expiresAtMs: options.clock().getTime() + lifetimeMs - margin,
    });
    return { ok: true, token: answer.token };
  };

  return {
    getToken(subscriptionId, credentials, staleToken, proxy) {
      const fingerprint = fingerprintOf(credentials);
      const held = tokens.get(subscriptionId);
      const isUsable =
        held !== undefined &&
        held.fingerprint === fingerprint &&
        held.token !== staleToken &&
        held.expiresAtMs > options.clock().getTime();
      if (isUsable) return Promise.resolve({ ok: true, token: held.token });
      const key = `${subscriptionId}:${fingerprint}`;
      const running = fetching.get(key);
      if (running) return running;
      const fetched = fetchAndKeep(subscriptionId, credentials, fingerprint, proxy).finally(() =>
        fetching.delete(key),
      );
      fetching.set(key, fetched);
      return fetched;
    },
    size: () => tokens.size,
    async stop() {
      tokens.clear();
      await Promise.all([agent.close(), ...[...proxyAgents.values()].map((each) => each.close())]);
    },
  };
}

/**
 * Edited credentials (another URL, client or secret) never reuse the old token. Compared as text on
 * every delivery (no hashing on the hot path); the secret stays in this process's memory only.
 */
const fingerprintOf = (credentials: OAuth2Credentials) =>
  `${credentials.tokenUrl}\u0000${credentials.clientId}\u0000${credentials.clientSecret}\u0000${
    credentials.scope ?? ''
  }\u0000${credentials.audience ?? ''}\u0000${credentials.authMethod ?? ''}`;

type FetchedToken =
  | { ok: true; token: string; expiresIn: number | null }
  | Extract<TokenAnswer, { ok: false }>;

const failure = (reason: string, isBlocked = false): FetchedToken => ({
  ok: false,
  error: `${OAUTH2_TOKEN_ERROR_PREFIX}: ${reason}`,
  isBlocked,
});

/** One client-credentials request: the secret in Basic auth or in the form, as the endpoint asks. */
async function requestToken(
  dispatcher: Dispatcher,
  credentials: OAuth2Credentials,
  timeoutMs: number,
): Promise<FetchedToken> {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (credentials.scope) form.set('scope', credentials.scope);
  if (credentials.audience) form.set('audience', credentials.audience);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
    'user-agent': 'webhook-manager/1.0',
  };
  if (credentials.authMethod === 'client_secret_post') {
    form.set('client_id', credentials.clientId);
    form.set('client_secret', credentials.clientSecret);
  } else {
    // RFC 6749 §2.3.1: each part form-encoded before the Basic encoding.
    const user = encodeURIComponent(credentials.clientId);
    const password = encodeURIComponent(credentials.clientSecret);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }
  let response: Dispatcher.ResponseData;
  try {
    const url = new URL(credentials.tokenUrl);
    response = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers,
      body: form.toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (isBlockedError(error)) return failure(BLOCKED_TARGET_MESSAGE, true);
    return failure(describeError(error, timeoutMs));
  }
  const text = await readLimited(response.body);
  const answer = parseJson(text);
  if (response.statusCode < 200 || response.statusCode >= 300) {
    const code = typeof answer?.error === 'string' ? ` ${answer.error.slice(0, 100)}` : '';
    return failure(`${response.statusCode}${code}`);
  }
  const token = answer?.access_token;
  if (typeof token !== 'string' || token === '' || /[\r\n]/.test(token)) {
    return failure(`${response.statusCode} resposta sem access_token`);
  }
  const expiresIn = Number(answer?.expires_in);
  return { ok: true, token, expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : null };
}

async function readLimited(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= TOKEN_BODY_LIMIT) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, TOKEN_BODY_LIMIT).toString('utf8');
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    // An endpoint answering text: no token in it; the status says why.
    return null;
  }
}
