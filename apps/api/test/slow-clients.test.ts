import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

const LIMIT_PER_CLIENT = 4;
let t: TestApp;
let port: number;
const opened: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    HTTP_HEADERS_TIMEOUT_MS: '800',
    HTTP_REQUEST_TIMEOUT_MS: '1200',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '600',
    HTTP_CONNECTION_TIMEOUT_MS: '1500',
    HTTP_MAX_CONNECTIONS_PER_IP: String(LIMIT_PER_CLIENT),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of opened) socket.destroy();
  await t.close();
});

type Watched = { socket: Socket; answer: () => string; closedAfterMs: () => Promise<number> };

/** A raw TCP client on loopback; `closedAfterMs` settles when the server ends the connection. */
async function open(): Promise<Watched> {
  const socket = connect(port, '127.0.0.1');
  opened.push(socket);
  socket.on('error', () => {});
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('utf8');
  });
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, answer: () => text, closedAfterMs: () => closed };
}

/** Writes one byte of `text` every `everyMs` until the socket closes or the text runs out. */
function drip(socket: Socket, text: string, everyMs: number) {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= text.length) return clearInterval(timer);
    socket.write(text[index] ?? '');
    index += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

/** Fails instead of hanging when the server never closes the connection. */
const within = (promise: Promise<number>, ms: number) =>
  Promise.race([
    promise,
    new Promise<number>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms),
    ),
  ]);

describe('slow and greedy clients', () => {
  it('When a body trickles in a byte at a time, then the request times out and the connection is closed', async () => {
    const client = await open();
    const body = JSON.stringify({ eventType: 'x', applicationId: 'y', data: { a: 'b'.repeat(100) } });
    client.socket.write(
      `POST /v1/events/emit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    drip(client.socket, body, 100);
    const closedAfter = await within(client.closedAfterMs(), 4_000);
    expect(closedAfter).toBeGreaterThanOrEqual(1_000);
    expect(client.answer()).toMatch(/^HTTP\/1\.1 408/);
    expect(client.answer()).toContain(
      '{"error":"Tempo esgotado ao receber a requisição","code":"REQUEST_TIMEOUT"}',
    );
  });

  it('When headers trickle in a byte at a time, then the connection is closed at the headers timeout', async () => {
    const client = await open();
    drip(client.socket, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'s'.repeat(200)}\r\n\r\n`, 50);
    const closedAfter = await within(client.closedAfterMs(), 4_000);
    expect(closedAfter).toBeGreaterThanOrEqual(700);
    expect(client.answer()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('When a kept-alive connection sits idle, then it is closed after the keep-alive timeout', async () => {
    const client = await open();
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const closedAfter = await within(client.closedAfterMs(), 4_000);
    expect(client.answer()).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfter).toBeLessThan(3_000);
  });

  it('When one client opens more connections than allowed, then the extra ones are closed at once and the rest still work', async () => {
    const kept = await Promise.all(Array.from({ length: LIMIT_PER_CLIENT }, () => open()));
    const extra = await open();
    expect(await within(extra.closedAfterMs(), 1_000)).toBeLessThan(1_000);
    expect(extra.answer()).toBe('');
    const [first] = kept;
    first?.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await within(first?.closedAfterMs() ?? Promise.resolve(0), 2_000);
    expect(first?.answer()).toMatch(/^HTTP\/1\.1 200/);
    // A connection closed frees its place for the next one.
    const next = await open();
    next.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await within(next.closedAfterMs(), 2_000);
    expect(next.answer()).toMatch(/^HTTP\/1\.1 200/);
    for (const client of kept) client.socket.destroy();
  });
});
