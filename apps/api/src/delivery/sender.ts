import { Agent, buildConnector, request } from 'undici';
import { BLOCKED_TARGET_MESSAGE, BlockedTargetError, guardedLookup, isPrivateAddress } from './ssrf-guard';

export const RESPONSE_BODY_LIMIT = 64 * 1024;

export type OutboundRequest = {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Already serialised; null sends no body (GET). */
  body: string | null;
};

export type SendOutcome = {
  startedAt: Date;
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
  close(): Promise<void>;
};

type SenderOptions = { timeoutMs: number; allowPrivateTargets: boolean };

const isIpLiteral = (hostname: string) => /^[\d.]+$/.test(hostname) || hostname.includes(':');

/**
 * One undici Agent (a keep-alive pool per origin) for every outbound webhook.
 * Redirects are never followed; the guard runs at connect time so the checked
 * address is the one the socket uses.
 */
export function createSender(options: SenderOptions): Sender {
  const baseConnect = buildConnector(
    options.allowPrivateTargets ? {} : ({ lookup: guardedLookup } as buildConnector.BuildOptions),
  );
  const connect: buildConnector.connector = (connectOptions, callback) => {
    const host = connectOptions.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateTargets && isIpLiteral(host) && isPrivateAddress(host)) {
      callback(new BlockedTargetError(), null);
      return;
    }
    baseConnect(connectOptions, callback);
  };
  const agent = new Agent({
    connect,
    keepAliveTimeout: 10_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  async function send(outbound: OutboundRequest): Promise<SendOutcome> {
    const startedAt = new Date();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await request(outbound.url, {
        method: outbound.method as 'POST',
        headers: outbound.headers,
        body: outbound.body ?? undefined,
        dispatcher: agent,
        signal,
      });
      const responseBody = await readLimited(response.body);
      const status = response.statusCode;
      const retryAfter = response.headers['retry-after'];
      return {
        startedAt,
        durationMs: elapsed(),
        httpStatusCode: status,
        responseBody,
        retryAfter: Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null),
        error: status >= 200 && status < 300 ? null : describeStatus(status),
        isBlocked: false,
      };
    } catch (error) {
      const isBlocked = isBlockedError(error);
      return {
        startedAt,
        durationMs: elapsed(),
        httpStatusCode: null,
        responseBody: null,
        retryAfter: null,
        error: isBlocked ? BLOCKED_TARGET_MESSAGE : describeError(error, signal, options.timeoutMs),
        isBlocked,
      };
    }
  }

  return { send, close: () => agent.close() };
}

function isBlockedError(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === 'ERR_BLOCKED_TARGET') return true;
    current = current.cause as typeof current;
  }
  return false;
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const room = RESPONSE_BODY_LIMIT - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (size >= RESPONSE_BODY_LIMIT) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describeStatus(status: number): string {
  if (status >= 300 && status < 400) return `Redirecionamento não seguido (HTTP ${status})`;
  return `Resposta HTTP ${status}`;
}

function describeError(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  const failure = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  if (
    signal.aborted ||
    failure.name === 'TimeoutError' ||
    failure.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    failure.code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return `Tempo limite excedido (${timeoutMs} ms)`;
  }
  const code = failure.code ?? failure.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Falha de DNS: host não encontrado (${code})`;
  if (code) return `Falha de conexão: ${code}`;
  return `Falha na requisição: ${failure.message ?? 'erro desconhecido'}`;
}
