import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventLogs, occurrences, subscriptions } from '../src/db/schema';
import { MAX_JSON_DEPTH, NUMBER_TOO_LARGE } from '../src/domain/json-flaws';
import { insertEmitTarget } from './support/delivery-fixtures';
import { useTestApp } from './support/use-test-app';

const harness = useTestApp({}, (t) => insertEmitTarget(t.ctx));

const UNSUPPORTED = 'O texto contém caracteres não suportados (\\u0000 ou um caractere UTF-16 incompleto)';

const emit = (body: Record<string, unknown>) =>
  harness.t.post('/v1/events/emit', { token: null, headers: { 'x-api-key': harness.app.apiKey }, body });

const countOccurrences = async () =>
  (
    await harness.t.ctx.db
      .select({ n: count() })
      .from(occurrences)
      .where(eq(occurrences.eventId, harness.event.id))
  )[0]?.n;

/** `{"a":{"a":…{"a":1}}}` nested `depth` objects deep. */
const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
};

describe('hostile input', () => {
  it('When one caller sends a NUL in its event type among valid emits, then only that caller gets a 400', async () => {
    const before = await countOccurrences();
    const valid = Array.from({ length: 40 }, (_, index) =>
      emit({ eventType: harness.event.alias, applicationId: harness.app.id, data: { index } }),
    );
    const poisoned = Array.from({ length: 10 }, () =>
      emit({ eventType: `${harness.event.alias}\u0000x`, applicationId: harness.app.id, data: {} }),
    );
    const [answers, refused] = await Promise.all([Promise.all(valid), Promise.all(poisoned)]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 202));
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: UNSUPPORTED, code: 'BAD_REQUEST' });
      expect(answer.body.details).toEqual([{ path: 'eventType', message: UNSUPPORTED }]);
    }
    expect(await countOccurrences()).toBe((before ?? 0) + 40);
  });

  it('When text holds a lone surrogate or a NUL, in a value or a key, then 400 and nothing is stored', async () => {
    const before = await countOccurrences();
    for (const data of [{ s: '\ud800' }, { '\udc00': 1 }, { lista: ['ok', 'a\u0000b'] }]) {
      const answer = await emit({ eventType: harness.event.alias, applicationId: harness.app.id, data });
      expect(answer.status, JSON.stringify(data)).toBe(400);
      expect(answer.body.error).toBe(UNSUPPORTED);
    }
    const search = await harness.t.get(`/v1/subscriptions?search=${encodeURIComponent('a\u0000')}`);
    expect(search.status).toBe(400);
    expect(search.body.error).toBe(UNSUPPORTED);
    expect(await countOccurrences()).toBe(before);
  });

  it('When JSON is nested deeper than the limit, then 400 naming it, and at the limit it is accepted', async () => {
    const before = await countOccurrences();
    // Sent as text: 5,000 levels is beyond what JSON.stringify (here or on the server) survives.
    const levels = 5_000;
    const raw = `{"eventType":"${harness.event.alias}","applicationId":"${harness.app.id}","data":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;
    const tooDeep = await harness.t.app.inject({
      method: 'POST',
      url: '/v1/events/emit',
      headers: { 'content-type': 'application/json', 'x-api-key': harness.app.apiKey },
      payload: raw,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(JSON.parse(tooDeep.body)).toMatchObject({
      error: `JSON aninhado demais (máximo de ${MAX_JSON_DEPTH} níveis)`,
      code: 'BAD_REQUEST',
    });
    const subscription = await harness.t.post('/v1/subscriptions', {
      body: {
        eventId: harness.event.id,
        name: 'Funda',
        targetUrl: 'https://example.com/h',
        jsonBody: nested(200),
      },
    });
    expect(subscription.status).toBe(400);
    expect(
      await harness.t.ctx.db.select().from(subscriptions).where(eq(subscriptions.name, 'Funda')),
    ).toHaveLength(0);
    // The body itself is one level: data at MAX_JSON_DEPTH - 1 fits.
    const deepest = await emit({
      eventType: harness.event.alias,
      applicationId: harness.app.id,
      data: nested(MAX_JSON_DEPTH - 2),
    });
    expect(deepest.status).toBe(202);
    expect(await countOccurrences()).toBe((before ?? 0) + 1);
  });

  it('When a number overflows what JSON can represent (1e309), at the top or nested, then 400 in pt-BR and nothing is stored', async () => {
    const before = await countOccurrences();
    // Sent as text: JSON.stringify would turn Infinity into null before it left the test.
    const send = (url: string, raw: string) =>
      harness.t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/json',
          'x-api-key': harness.app.apiKey,
          authorization: `Bearer ${harness.t.adminToken}`,
        },
        payload: raw,
      });
    const start = `{"eventType":"${harness.event.alias}","applicationId":"${harness.app.id}","data":`;
    for (const [data, path] of [
      ['1e309', 'data'],
      ['{"a":[1,-1e309]}', 'data.a.1'],
      ['{"total":123456789e400}', 'data.total'],
    ] as const) {
      const answer = await send('/v1/events/emit', `${start}${data}}`);
      expect(answer.statusCode, data).toBe(400);
      expect(JSON.parse(answer.body), data).toEqual({
        error: NUMBER_TOO_LARGE,
        code: 'BAD_REQUEST',
        details: [{ path, message: NUMBER_TOO_LARGE }],
      });
    }
    const subscription = await send(
      '/v1/subscriptions',
      JSON.stringify({
        eventId: harness.event.id,
        name: 'Infinita',
        targetUrl: 'https://example.com/h',
      }).replace(/}$/, ',"jsonBody":{"n":1e309}}'),
    );
    expect(subscription.statusCode).toBe(400);
    expect(JSON.parse(subscription.body).error).toBe(NUMBER_TOO_LARGE);
    expect(
      await harness.t.ctx.db.select().from(subscriptions).where(eq(subscriptions.name, 'Infinita')),
    ).toHaveLength(0);
    // Large but finite numbers, and tiny ones that round to zero, are still numbers JSON can carry.
    const finite = await send('/v1/events/emit', `${start}{"big":1.7e308,"tiny":1e-400}}`);
    expect(finite.statusCode).toBe(202);
    expect(await countOccurrences()).toBe((before ?? 0) + 1);
  });

  it('When OAuth2 details or a client certificate are malformed in any way, then 400 in pt-BR (never a 5xx) and nothing is stored', async () => {
    const pem = (label: string, body: string) => `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
    const oauth2 = { tokenUrl: 'https://auth.example.com/token', clientId: 'c', clientSecret: 's' };
    const hostile: Array<Record<string, unknown>> = [
      { authType: 'OAUTH2_CLIENT_CREDENTIALS' },
      { authType: 'OAUTH2_CLIENT_CREDENTIALS', authDetails: { ...oauth2, tokenUrl: 'ftp://x' } },
      { authType: 'OAUTH2_CLIENT_CREDENTIALS', authDetails: { ...oauth2, tokenUrl: 'http://' } },
      { authType: 'OAUTH2_CLIENT_CREDENTIALS', authDetails: { ...oauth2, authMethod: 'private_key_jwt' } },
      { authType: 'OAUTH2_CLIENT_CREDENTIALS', authDetails: { ...oauth2, clientSecret: 'a\r\nb' } },
      { authType: 'OAUTH2_CLIENT_CREDENTIALS', authDetails: { ...oauth2, scope: 42 } },
      { authType: 'OAUTH2_CLIENT_CREDENTIALS', authDetails: { ...oauth2, clientId: 'x'.repeat(5000) } },
      { clientTls: 'texto' },
      { clientTls: {} },
      { clientTls: { certificate: pem('CERTIFICATE', '%%%'), privateKey: pem('PRIVATE KEY', '%%%') } },
      {
        clientTls: {
          certificate: pem('CERTIFICATE', 'A'.repeat(70_000)),
          privateKey: pem('PRIVATE KEY', 'A'),
        },
      },
      {
        clientTls: {
          certificate: pem('CERTIFICATE', 'MIIB'),
          privateKey: pem('ENCRYPTED PRIVATE KEY', 'MIIB'),
          passphrase: 7,
        },
      },
      {
        clientTls: {
          certificate: pem('CERTIFICATE', 'MIIB'),
          privateKey: pem('PRIVATE KEY', 'MIIB'),
          caBundle: 'nada',
        },
      },
    ];
    for (const fields of hostile) {
      const answer = await harness.t.post('/v1/subscriptions', {
        body: {
          eventId: harness.event.id,
          name: 'Hostil',
          targetUrl: 'https://example.com/h',
          jsonBody: {},
          ...fields,
        },
      });
      expect(answer.status, JSON.stringify(fields).slice(0, 200)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect(
      await harness.t.ctx.db.select().from(subscriptions).where(eq(subscriptions.name, 'Hostil')),
    ).toHaveLength(0);
  });

  it('When the Idempotency-Key header is longer than 255 characters, then 400 in pt-BR; 255 is accepted', async () => {
    const before = await countOccurrences();
    const body = { eventType: harness.event.alias, applicationId: harness.app.id, data: {} };
    const sendKey = (key: string) =>
      harness.t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': harness.app.apiKey, 'idempotency-key': key },
        body,
      });
    for (const key of ['k'.repeat(256), 'k'.repeat(2_700)]) {
      const answer = await sendKey(key);
      expect(answer.status, `${key.length}`).toBe(400);
      expect(answer.body.error).toBe('Idempotency-Key muito longo (máximo de 255 caracteres)');
    }
    expect(await countOccurrences()).toBe(before);
    const longest = await sendKey('k'.repeat(255));
    expect(longest.status).toBe(202);
    expect((await sendKey('k'.repeat(255))).body.occurrenceId).toBe(longest.body.occurrenceId);
    expect(await countOccurrences()).toBe((before ?? 0) + 1);
  });

  it('When /v1/emit-rules gets an Idempotency-Key longer than 255 characters, then 400 and no event log', async () => {
    const countEventLogs = async () =>
      (
        await harness.t.ctx.db
          .select({ n: count() })
          .from(eventLogs)
          .where(eq(eventLogs.applicationId, harness.app.id))
      )[0]?.n;
    const before = await countEventLogs();
    const answer = await harness.t.post('/v1/emit-rules', {
      token: null,
      headers: { 'x-api-key': harness.app.apiKey, 'idempotency-key': 'k'.repeat(2_700) },
      body: { eventType: 'message.text.received', applicationId: harness.app.id, data: {} },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('Idempotency-Key muito longo (máximo de 255 caracteres)');
    expect(await countEventLogs()).toBe(before);
  });

  it('When emit data is null, then 400 says data is required', async () => {
    const answer = await emit({ eventType: harness.event.alias, applicationId: harness.app.id, data: null });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('data é obrigatório');
  });

  it('When a date, page or limit cannot be read as such, then 400 in pt-BR', async () => {
    for (const [url, message] of [
      ['/v1/logs?startDate=0000-01-01', 'Data inválida'],
      ['/v1/logs?endDate=0000-06-01T00:00:00Z', 'Data inválida'],
      ['/v1/logs?limit=0x10', 'Limite inválido'],
      ['/v1/logs?limit=1e2', 'Limite inválido'],
      ['/v1/logs?page=1.5', 'Página inválida'],
    ] as const) {
      const answer = await harness.t.get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error, url).toBe(message);
    }
    expect((await harness.t.get('/v1/logs?limit=100&page=2')).status).toBe(200);
  });

  it('When the URL itself is malformed or a path id is absurdly long, then a 4xx in the API shape', async () => {
    for (const url of ['/v1/events/%', '/v1/events/%E0%A4%A']) {
      const answer = await harness.t.get(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toEqual({ error: 'URL inválida', code: 'BAD_REQUEST' });
    }
    // Too long for the router's parameter: 400 'URL inválida', or 404 when the console's catch-all
    // route (registered only when the console is built) takes the path instead.
    const longPath = `/v1/events/${'a'.repeat(150)}`;
    const long = await harness.t.get(longPath);
    expect([
      { status: 400, body: { error: 'URL inválida', code: 'BAD_REQUEST' } },
      { status: 404, body: { error: `Rota não encontrada: GET ${longPath}`, code: 'NOT_FOUND' } },
    ]).toContainEqual({ status: long.status, body: long.body });
  });

  it('When a field has the wrong type or size, then the message is pt-BR', async () => {
    const wrongType = await harness.t.post('/v1/admin/users', {
      body: { name: 'Ana', email: 'ana@b.co', password: 'abcdef-12', isAdmin: 'yes' },
    });
    expect(wrongType.body.error).toBe(
      'Valor inválido: esperado um booleano (true ou false), recebido um texto',
    );
    const empty = await emit({
      eventType: harness.event.alias,
      applicationId: harness.app.id,
      data: {},
      externalEventId: ' ',
    });
    expect(empty.body.error).toBe('externalEventId não pode ser vazio');
  });
});
