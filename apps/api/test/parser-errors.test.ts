import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await t.close();
});

/** Sends raw bytes on loopback and answers what the server wrote before closing. */
function exchange(bytes: string): Promise<{ status: number; contentType: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      const contentType = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
      try {
        resolve({ status, contentType, body: JSON.parse(body) });
      } catch {
        reject(new Error(`not JSON: ${text.slice(0, 300)}`));
      }
    });
    socket.on('connect', () => socket.write(bytes));
  });
}

describe("the HTTP parser's refusals", () => {
  it('When the headers are over 16 KB, then the answer is 431 in the API shape and in Portuguese', async () => {
    const answer = await exchange(
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.contentType).toMatch(/application\/json/);
    expect(answer.body).toEqual({
      error: 'Cabeçalhos da requisição muito grandes',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('When the request line is malformed, then the answer is 400 in the API shape and in Portuguese', async () => {
    const answer = await exchange('GET /healthz HTTP/9\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'Requisição HTTP malformada', code: 'BAD_REQUEST' });
  });

  it('When a header line is not a header, then the answer is 400 in the API shape', async () => {
    const answer = await exchange('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'Requisição HTTP malformada', code: 'BAD_REQUEST' });
  });
});
