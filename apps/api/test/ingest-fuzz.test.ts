import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertApplication } from './support/delivery-fixtures';
import { createInboundRoute, listenOnLoopback } from './support/ingest-fixtures';
import { useTestApp } from './support/use-test-app';

// Fuzz of the ingest URL: whatever body, header, content type or path a sender sends, the answer
// is a 2xx receipt or a 4xx {error, code}, never a 5xx. Through a real socket, bytes as generated.
const harness = useTestApp(
  { INGEST_BODY_LIMIT_BYTES: '4096', INGEST_RATE_LIMIT_PER_MINUTE: '0' },
  async (t) => {
    const { id: appId } = await insertApplication(t.ctx);
    const open = await createInboundRoute(t, appId, { endpoint: '/aberta', verification: { type: 'NONE' } });
    await t.post('/v1/route-event-types', { body: { routeId: open.id, name: 'Tipo', alias: 'tipo.a' } });
    const signed = await createInboundRoute(t, appId, {
      endpoint: '/assinada',
      verification: { type: 'HMAC_SHA256', secret: 's', header: 'X-Sig', encoding: 'base64' },
      eventTypeFrom: { source: 'HEADER', value: 'X-Evento' },
    });
    const baseUrl = await listenOnLoopback(t);
    const pathOf = (route: { ingestUrl: string }) => new URL(route.ingestUrl).pathname;
    return { baseUrl, paths: [pathOf(open), pathOf(signed)] };
  },
);

type Sent = { status: number; body: string };

/** One raw HTTP/1.1 request: any header value Node lets through, the body's bytes untouched. */
function send(method: string, path: string, headers: Record<string, string>, body: Buffer): Promise<Sent> {
  const { port } = new URL(harness.baseUrl);
  return new Promise((resolve, reject) => {
    // A connection each: an answer given before the body is read (404, 405) may close its socket.
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/vnd.api+json',
  ';;;',
  'a/b/c',
];

/** Header values as a socket may carry them: visible ASCII, tabs and latin-1 bytes. */
const headerValue = fc
  .array(
    fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.constant(0x09), fc.integer({ min: 0x80, max: 0xff })),
    {
      maxLength: 80,
    },
  )
  .map((codes) => String.fromCharCode(...codes).trim());

const jsonish = fc.oneof(
  fc.json({ depthSize: 'medium' }),
  fc.jsonValue().map((value) => JSON.stringify({ type: 'tipo.a', value })),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '{"type":"tipo.a","a":"\\u0000"}',
    '{"type":"\\ud800"}',
    '{"a":1e999}',
    '[[[[[[[[',
    'a=%00&b=%ZZ',
  ),
);

const body = fc.oneof(
  jsonish.map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(5000, 0x61)),
);

const checkAnswer = (answer: Sent) => {
  expect(answer.status, answer.body).toBeLessThan(500);
  const parsed = JSON.parse(answer.body) as Record<string, unknown>;
  if (answer.status >= 400) {
    expect(typeof parsed.error, answer.body).toBe('string');
    expect(typeof parsed.code, answer.body).toBe('string');
  } else expect(parsed.status, answer.body).toMatch(/^(ACCEPTED|DUPLICATE|IGNORED)$/);
};

describe('ingest URL fuzz', () => {
  it('When any body, content type and header reach a route, then the answer is 2xx or a 4xx {error, code}', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(0, 1),
        fc.constantFrom('POST', 'PUT', 'GET', 'DELETE', 'PATCH'),
        fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
        fc.dictionary(
          fc.constantFrom(
            'x-sig',
            'x-evento',
            'idempotency-key',
            'authorization',
            'x-github-event',
            'webhook-id',
          ),
          headerValue,
        ),
        body,
        async (routeIndex, method, contentType, headers, payload) => {
          const bytes = method === 'GET' ? Buffer.alloc(0) : payload;
          // Framed as senders frame it (Node's client leaves a DELETE body unframed otherwise).
          const sent = {
            ...headers,
            'content-length': String(bytes.length),
            ...(contentType ? { 'content-type': contentType } : {}),
          };
          checkAnswer(await send(method, harness.paths[routeIndex] as string, sent, bytes));
        },
      ),
      { numRuns: 250 },
    );
  });

  it('When the path after /in/ is anything, then 404 or 400 in the API shape, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ maxLength: 120 })
          .map((text) => encodeURI(text).replaceAll('#', '%23').replaceAll('?', '%3F')),
        fc.constantFrom('', harness.paths[0] as string),
        async (tail, prefix) => {
          const answer = await send(
            'POST',
            `${prefix || '/in/'}${tail}`,
            { 'content-type': 'application/json' },
            Buffer.from('{}'),
          );
          expect(answer.status, answer.body).toBeLessThan(500);
          if (answer.status >= 400)
            expect(JSON.parse(answer.body).code, answer.body).toEqual(expect.any(String));
        },
      ),
      { numRuns: 200 },
    );
  });
});
