import { createHash } from 'node:crypto';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { isPrivateAddress, isPrivateTarget } from '../lib/private-addresses';
import { createProxyAgent, isProxied, type OutboundProxy } from './outbound-proxy';
import { BLOCKED_TARGET_MESSAGE, BlockedTargetError, guardedLookup } from './ssrf-guard';

export const RESPONSE_BODY_LIMIT = 64 * 1024;

export type OutboundRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Already serialised; null sends no body (GET). */
  body: string | null;
  /** Mutual TLS: the client certificate to present and the CAs to trust (opened); none: the shared pool. */
  tls?: ClientTlsOptions | null;
  /** The application's own egress proxy, instead of the sender's (the global one); absent: the sender's. */
  proxy?: OutboundProxy | undefined;
};

export type ClientTlsOptions = { cert: string; key: string; passphrase?: string; ca?: string };

export type SendOutcome = {
  /** How long the request took, on the monotonic timer: a measurement, not a time of day. */
  durationMs: number;
  httpStatusCode: number | null;
  responseBody: string | null;
  retryAfter: string | null;
  error: string | null;
  /** Refused by the SSRF guard: never retried. */
  isBlocked: boolean;
};

export type Sender = {
  send(outbound: OutboundRequest): Promise<SendOutcome>;
  /** Waits for the requests in flight, then closes the pools. */
  close(): Promise<void>;
  /** Aborts the requests in flight (they end with an error) and closes the pools. */
  destroy(): Promise<void>;
};

type SenderOptions = {
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** The egress proxy (OUTBOUND_PROXY_URL and its exclusions); none: straight to the targets. */
  proxy?: OutboundProxy | null;
};

const isIpLiteral = (hostname: string) => /^[\d.]+$/.test(hostname) || hostname.includes(':');

/**
 * The connect function of every outbound pool: private addresses refused (unless allowed) at
 * connect time, so the checked address is the one the socket uses. `tls` adds a client
 * certificate or a CA bundle for one endpoint.
 */
export function createGuardedConnect(
  allowPrivateTargets: boolean,
  tls: buildConnector.BuildOptions = {},
): buildConnector.connector {
  const baseConnect = buildConnector(
    allowPrivateTargets ? tls : ({ ...tls, lookup: guardedLookup } as buildConnector.BuildOptions),
  );
  return (connectOptions, callback) => {
    const host = connectOptions.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivateTargets && isIpLiteral(host) && isPrivateAddress(host)) {
      callback(new BlockedTargetError(), null);
      return;
    }
    baseConnect(connectOptions, callback);
  };
}

/**
 * One undici Agent (a keep-alive pool per origin) for every outbound webhook.
 * Redirects are never followed; the guard runs at connect time so the checked
 * address is the one the socket uses.
 */
export function createSender(options: SenderOptions): Sender {
  const newAgent = (tls?: ClientTlsOptions) =>
    new Agent({
      connect: createGuardedConnect(options.allowPrivateTargets, tls ?? {}),
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  const agent = newAgent();
  // One pool per client certificate (and per route: direct or proxied): a connection made with one
  // certificate never carries another's request.
  const pools = new Map<string, Dispatcher>();
  // Per proxy too: an application's proxy never carries another's request.
  const poolFor = (tls: ClientTlsOptions | null | undefined, proxy: OutboundProxy | null) => {
    if (!tls && !proxy) return agent;
    const key = createHash('sha256')
      .update(JSON.stringify([proxy?.url ?? null, tls?.cert, tls?.key, tls?.passphrase, tls?.ca]))
      .digest('hex');
    let found = pools.get(key);
    if (!found) {
      found = proxy ? createProxyAgent(proxy, options.timeoutMs, tls ?? {}) : newAgent(tls ?? undefined);
      pools.set(key, found);
    }
    return found;
  };
  const all = () => [agent, ...pools.values()];

  return {
    async send(outbound) {
      // The common case, no proxy anywhere, reads no URL.
      if (!outbound.proxy && !options.proxy) {
        return dispatchAttempt(poolFor(outbound.tls, null), outbound, options.timeoutMs);
      }
      const hostname = URL.parse(outbound.url)?.hostname ?? '';
      // A host the application's proxy excludes falls back to the global route, never straight
      // out: an application cannot opt out of the operator's proxy.
      const proxy =
        outbound.proxy && isProxied(outbound.proxy, hostname) ? outbound.proxy : (options.proxy ?? null);
      const isThroughProxy = isProxied(proxy, hostname);
      // The proxy resolves the name itself, out of the connect-time guard's reach: the target is
      // checked here first, so a private address is refused through the proxy as without it.
      if (isThroughProxy && !options.allowPrivateTargets && (await isPrivateTarget(outbound.url))) {
        return BLOCKED_OUTCOME;
      }
      return dispatchAttempt(
        poolFor(outbound.tls, isThroughProxy ? proxy : null),
        outbound,
        options.timeoutMs,
      );
    },
    close: async () => {
      await Promise.all(all().map((each) => each.close()));
    },
    destroy: async () => {
      await Promise.all(all().map((each) => each.destroy()));
    },
  };
}

/**
 * One attempt through undici's dispatch API (no response stream): the status, Retry-After and at
 * most RESPONSE_BODY_LIMIT bytes of body, within one deadline for connect, headers and body.
 */
function dispatchAttempt(
  agent: Dispatcher,
  outbound: OutboundRequest,
  timeoutMs: number,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    // Measured on the monotonic timer (a duration, not "now"); the caller stamps the start from ctx.clock.
    const started = performance.now();
    const chunks: Buffer[] = [];
    let size = 0;
    let statusCode = 0;
    let retryAfter: string | null = null;
    let controller: Dispatcher.DispatchController | null = null;
    let isSettled = false;
    const settle = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      resolve({ durationMs: Math.round(performance.now() - started), ...outcome });
    };
    const fail = (error: unknown) => {
      const isBlocked = isBlockedError(error);
      settle({
        httpStatusCode: null,
        responseBody: null,
        retryAfter: null,
        error: isBlocked ? BLOCKED_TARGET_MESSAGE : describeError(error, timeoutMs),
        isBlocked,
      });
    };
    // The whole attempt (connect, headers, body) has one deadline; a request still waiting for a
    // socket when it passes is aborted as soon as it starts.
    const timer = setTimeout(() => {
      fail(new DeliveryTimeoutError());
      controller?.abort(new DeliveryTimeoutError());
    }, timeoutMs);
    let target: URL;
    try {
      target = new URL(outbound.url);
    } catch (error) {
      fail(error);
      return;
    }
    agent.dispatch(
      {
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: outbound.method as Dispatcher.HttpMethod,
        headers: outbound.headers,
        body: outbound.body,
      },
      {
        onRequestStart(started) {
          controller = started;
          if (isSettled) started.abort(new DeliveryTimeoutError());
        },
        onResponseStart(_controller, status, headers) {
          statusCode = status;
          const header = headers['retry-after'];
          retryAfter = Array.isArray(header) ? (header[0] ?? null) : (header ?? null);
        },
        onResponseData(current, chunk) {
          if (size >= RESPONSE_BODY_LIMIT) return;
          const room = RESPONSE_BODY_LIMIT - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          // Enough read: answer now and drop the rest of the body with the connection.
          if (size >= RESPONSE_BODY_LIMIT) {
            settleResponse();
            current.abort(new ResponseTruncated());
          }
        },
        onResponseEnd() {
          settleResponse();
        },
        onResponseError(_controller, error) {
          fail(error);
        },
      },
    );

    function settleResponse() {
      settle({
        httpStatusCode: statusCode,
        responseBody: decodeKept(Buffer.concat(chunks), size >= RESPONSE_BODY_LIMIT),
        retryAfter,
        error: statusCode >= 200 && statusCode < 300 ? null : describeStatus(statusCode),
        isBlocked: false,
      });
    }
  });
}

const BLOCKED_OUTCOME: SendOutcome = {
  durationMs: 0,
  httpStatusCode: null,
  responseBody: null,
  retryAfter: null,
  error: BLOCKED_TARGET_MESSAGE,
  isBlocked: true,
};

/**
 * The kept bytes as text. A body cut at the limit may end inside a UTF-8 character: those trailing
 * bytes are dropped rather than decoded into U+FFFD (so the stored body stays within the limit).
 */
export function decodeKept(bytes: Buffer, isCut: boolean): string {
  if (!isCut) return bytes.toString('utf8');
  let end = bytes.length;
  let back = 0;
  // Walk back over continuation bytes (10xxxxxx) to the lead byte of the last character.
  while (back < 3 && end - back - 1 >= 0 && ((bytes[end - back - 1] ?? 0) & 0xc0) === 0x80) back++;
  const lead = bytes[end - back - 1] ?? 0;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (lead >= 0xc0 && back + 1 < length) end -= back + 1;
  return bytes.subarray(0, end).toString('utf8');
}

export function isBlockedError(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === 'ERR_BLOCKED_TARGET') return true;
    current = current.cause as typeof current;
  }
  return false;
}

function describeStatus(status: number): string {
  if (status >= 300 && status < 400) return `Redirecionamento não seguido (HTTP ${status})`;
  return `Resposta HTTP ${status}`;
}

/** The attempt's deadline passed. */
class DeliveryTimeoutError extends Error {}
/** The response body reached RESPONSE_BODY_LIMIT; the rest is not read. */
class ResponseTruncated extends Error {}

export function describeError(error: unknown, timeoutMs: number): string {
  const failure = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  if (
    error instanceof DeliveryTimeoutError ||
    failure.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    failure.code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return `Tempo limite excedido (${timeoutMs} ms)`;
  }
  const code = failure.code ?? failure.cause?.code;
  if (code && /^ERR_SSL_|^ERR_TLS_|CERT|^DEPTH_ZERO|^SELF_SIGNED/.test(code)) return `Falha de TLS: ${code}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Falha de DNS: host não encontrado (${code})`;
  if (code) return `Falha de conexão: ${code}`;
  return `Falha na requisição: ${failure.message ?? 'erro desconhecido'}`;
}
