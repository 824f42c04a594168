import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSender, decodeKept, RESPONSE_BODY_LIMIT, type Sender } from './sender';

const servers: Server[] = [];
const senders: Sender[] = [];

async function receiver(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function sender(timeoutMs = 2_000, allowPrivateTargets = true): Sender {
  const created = createSender({ timeoutMs, allowPrivateTargets });
  senders.push(created);
  return created;
}

const post = (url: string) => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{"a":1}',
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((created) => created.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

describe('createSender', () => {
  it('When the receiver answers, then the status, body, Retry-After and the request it got are reported', async () => {
    let received = '';
    const url = await receiver((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received = `${req.method} ${req.url} ${req.headers['content-type']} ${body}`;
        res.writeHead(429, { 'retry-after': '7' }).end('devagar');
      });
    });

    const outcome = await sender().send(post(`${url}/hooks/x?y=1`));

    expect(received).toBe('POST /hooks/x?y=1 application/json {"a":1}');
    expect(outcome).toMatchObject({
      httpStatusCode: 429,
      responseBody: 'devagar',
      retryAfter: '7',
      error: 'Resposta HTTP 429',
      isBlocked: false,
    });
  });

  it('When the response body is larger than 64 KiB, then only the first 64 KiB are kept and the attempt ends without the rest', async () => {
    const url = await receiver((_req, res) => {
      res.writeHead(200);
      // Never ends: the sender must settle on the limit, not on the end of the body.
      res.write('x'.repeat(RESPONSE_BODY_LIMIT + 10_000));
    });

    const outcome = await sender().send(post(url));

    expect(outcome.httpStatusCode).toBe(200);
    expect(outcome.error).toBeNull();
    expect(outcome.responseBody).toHaveLength(RESPONSE_BODY_LIMIT);
  });

  it('When the 64 KiB cut falls inside a UTF-8 character, then the partial character is dropped, not stored as U+FFFD', async () => {
    const url = await receiver((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      // 'ç' is 2 bytes: the limit falls between them.
      res.end(`${'a'.repeat(RESPONSE_BODY_LIMIT - 1)}ç depois`);
    });

    const outcome = await sender().send(post(url));

    expect(outcome.responseBody).toBe('a'.repeat(RESPONSE_BODY_LIMIT - 1));
    expect(outcome.responseBody).not.toContain('\uFFFD');
  });

  it('When the body keeps dripping past the timeout, then the attempt fails with the timeout error at the deadline', async () => {
    const url = await receiver((_req, res) => {
      res.writeHead(200);
      // A chunk every 50 ms never trips the per-chunk body timeout; only the deadline stops it.
      const drip = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(drip));
    });

    const outcome = await sender(400).send(post(url));

    expect(outcome.httpStatusCode).toBeNull();
    expect(outcome.error).toBe('Tempo limite excedido (400 ms)');
    expect(outcome.durationMs).toBeGreaterThanOrEqual(390);
  }, 5_000);

  it('When nothing listens on the port, then the attempt fails with the connection error', async () => {
    const url = await receiver(() => {});
    servers[0]?.close();
    await new Promise((resolve) => setTimeout(resolve, 20));

    const outcome = await sender().send(post(url));

    expect(outcome).toMatchObject({
      httpStatusCode: null,
      error: 'Falha de conexão: ECONNREFUSED',
      isBlocked: false,
    });
  });

  it('When private targets are not allowed, then a loopback target is refused before connecting', async () => {
    let hits = 0;
    const url = await receiver((_req, res) => {
      hits += 1;
      res.end('ok');
    });

    const outcome = await sender(2_000, false).send(post(url));

    expect(outcome.isBlocked).toBe(true);
    expect(outcome.httpStatusCode).toBeNull();
    expect(hits).toBe(0);
  });
});

describe('decodeKept', () => {
  it('keeps whole characters of 1 to 4 bytes and drops only a cut one at the end', () => {
    for (const [text, withoutLastByte] of [
      ['abc', 'ab'],
      ['aç', 'a'],
      ['a€', 'a'],
      ['a😀', 'a'],
    ] as const) {
      const bytes = Buffer.from(text);
      expect(decodeKept(bytes, true)).toBe(text);
      expect(decodeKept(bytes.subarray(0, bytes.length - 1), true)).toBe(withoutLastByte);
    }
    expect(decodeKept(Buffer.from('a€').subarray(0, 2), true)).toBe('a');
    // Not cut: bytes are decoded as they are.
    expect(decodeKept(Buffer.from([0x61, 0xc3]), false)).toBe('a\uFFFD');
  });
});
