import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { renderIngestCurl } from '@wm/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../src/db/schema';
import { startWorkers, type Workers } from '../src/workers';
import { insertApplication, type Receiver, startReceiver } from './support/delivery-fixtures';
import {
  countInbound,
  countSuccessfulExecutions,
  createInboundRoute,
  ingestUrlOn,
  listenOnLoopback,
  sendInbound,
  settledEventLog,
} from './support/ingest-fixtures';
import type { TestUser } from './support/owned-application-fixture';
import { createTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const PUBLIC_URL = 'https://hooks.example.com';
const NONE = { type: 'NONE' } as const;
const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

describe("a route's ingest URL", () => {
  let t: TestApp;
  let workers: Workers;
  let receiver: Receiver;
  let owner: TestUser;
  let appId: string;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, QUEUE_POLL_MS: '20' });
    workers = await startWorkers(t.ctx);
    receiver = await startReceiver();
    owner = await t.createUser();
    appId = (await insertApplication(t.ctx, { ownerId: owner.id })).id;
    baseUrl = await listenOnLoopback(t);
  });
  afterAll(async () => {
    await workers?.stop();
    await receiver?.close();
    await t?.close();
  });

  const as = () => ({ token: owner.token });
  const routeOf = (overrides: Record<string, unknown>) =>
    createInboundRoute(t, appId, overrides, owner.token);

  it('When a route is created, then its answers carry the ingest URL under PUBLIC_URL and the verification with its secret masked, and the secret is sealed at rest', async () => {
    const route = await routeOf({
      endpoint: '/pedidos',
      method: 'PUT',
      verification: {
        type: 'HMAC_SHA256',
        secret: 'segredo-claro',
        header: 'X-Assinatura',
        encoding: 'base64',
      },
    });
    expect(route.ingestUrl).toMatch(/^https:\/\/hooks\.example\.com\/in\/[0-9a-f]{64}\/pedidos$/);
    const read = await t.get(`/v1/routes/${route.id}`, as());
    expect(read.body.data).toMatchObject({
      ingestUrl: route.ingestUrl,
      verification: {
        type: 'HMAC_SHA256',
        secret: '••••••',
        header: 'X-Assinatura',
        encoding: 'base64',
        prefix: null,
        username: null,
        password: null,
        value: null,
      },
      eventTypeFrom: { source: 'BODY_PATH', value: 'type' },
    });
    const listed = await t.get(`/v1/routes?applicationId=${appId}&limit=100`, as());
    expect(listed.body.data.find((item: { id: string }) => item.id === route.id).ingestUrl).toBe(
      route.ingestUrl,
    );
    const [stored] = await t.ctx.db.select().from(routes).where(eq(routes.id, route.id));
    expect(stored?.verification?.secret).toMatch(/^wmenc1:/);
    expect(JSON.stringify(stored?.verification)).not.toContain('segredo-claro');
  });

  it('When a route is updated, then a secret left out or sent masked is kept, a new type without its secret is refused, and null leaves the route refusing every request', async () => {
    const route = await routeOf({
      verification: { type: 'API_KEY', header: 'X-Chave', value: 'chave-1' },
      eventTypeFrom: { source: 'FIXED', value: 'pedido.criado' },
    });
    await t.post('/v1/route-event-types', {
      ...as(),
      body: { routeId: route.id, name: 'Pedido', alias: 'pedido.criado' },
    });
    const url = ingestUrlOn(baseUrl, route);
    const send = (key: string) =>
      sendInbound(url, {
        ...json({ n: 1 }),
        headers: { 'content-type': 'application/json', 'x-chave': key },
      });

    const renamed = await t.put(`/v1/routes/${route.id}`, {
      ...as(),
      body: { verification: { type: 'API_KEY', header: 'X-Chave', value: '••••••' } },
    });
    expect(renamed.status).toBe(200);
    expect((await send('chave-1')).status).toBe(202);
    const moved = await t.put(`/v1/routes/${route.id}`, { ...as(), body: { name: 'Outro nome' } });
    expect(moved.body.data.verification.value).toBe('••••••');
    expect((await send('chave-1')).status).toBe(202);

    const withoutSecret = await t.put(`/v1/routes/${route.id}`, {
      ...as(),
      body: { verification: { type: 'GITHUB' } },
    });
    expect(withoutSecret.status).toBe(400);
    expect(withoutSecret.body).toMatchObject({
      error: 'Segredo é obrigatório',
      details: [{ path: 'verification.secret', message: 'Segredo é obrigatório' }],
    });
    expect((await send('chave-1')).status).toBe(202);

    const cleared = await t.put(`/v1/routes/${route.id}`, { ...as(), body: { verification: null } });
    expect(cleared.body.data.verification).toBeNull();
    const refused = await send('chave-1');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(
      'Verificação não configurada nesta rota: escolha uma na aba Recebimento (ou NONE)',
    );
  });

  it('When a verification or an event type source is malformed, then 400 in pt-BR and nothing is created', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ verification: { type: 'GITHUB' } }, 'Segredo é obrigatório'],
      [{ verification: { type: 'HMAC_SHA256', secret: 's' } }, 'Cabeçalho é obrigatório'],
      [
        { verification: { type: 'HMAC_SHA256', secret: 's', header: 'X Y' } },
        'Cabeçalho deve ser um nome de cabeçalho HTTP válido',
      ],
      [
        { verification: { type: 'HMAC_SHA256', secret: 's', header: 'X', encoding: 'hexa' } },
        'Codificação deve ser hex ou base64',
      ],
      [
        { verification: { type: 'STANDARD_WEBHOOKS', secret: 'curto' } },
        'Segredo deve ser whsec_ seguido de 24 a 64 bytes em base64',
      ],
      [{ verification: { type: 'BASIC', password: 'x' } }, 'Usuário é obrigatório'],
      [{ verification: { type: 'API_KEY', header: 'X-K' } }, 'Valor é obrigatório'],
      [{ verification: { type: 'JWT' } }, 'Tipo de verificação inválido'],
      [
        { eventTypeFrom: { source: 'BODY_PATH', value: 'a..b' } },
        'Caminho inválido: use um caminho JSON como type ou data.object.type',
      ],
      [
        { eventTypeFrom: { source: 'HEADER', value: 'X Evento' } },
        'Cabeçalho deve ser um nome de cabeçalho HTTP válido',
      ],
      [
        { eventTypeFrom: { source: 'FIXED', value: 'Pedido Criado' } },
        'Alias deve ter palavras minúsculas separadas por pontos, como message.text.received',
      ],
    ];
    const before = await t.get(`/v1/routes?applicationId=${appId}&limit=100`, as());
    for (const [body, message] of cases) {
      const answer = await t.post('/v1/routes', {
        ...as(),
        body: { applicationId: appId, name: 'X', endpoint: '/x', ...body },
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toBe(message);
    }
    const after = await t.get(`/v1/routes?applicationId=${appId}&limit=100`, as());
    expect(after.body.pagination.total).toBe(before.body.pagination.total);
  });

  it('When the URL is rotated, then the old one answers 404 and the new one receives; an inactive route, another path and an unknown token answer the same 404, another method 405', async () => {
    const route = await routeOf({ verification: NONE });
    const oldUrl = ingestUrlOn(baseUrl, route);
    expect((await sendInbound(oldUrl, json({ type: 'x' }))).status).toBe(202);

    const rotated = await t.post(`/v1/routes/${route.id}/rotate-ingest-token`, as());
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.ingestUrl).not.toBe(route.ingestUrl);
    const newUrl = ingestUrlOn(baseUrl, rotated.body.data);
    const gone = await sendInbound(oldUrl, json({ type: 'x' }));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Nenhuma rota ativa neste endereço', code: 'NOT_FOUND' });
    expect((await sendInbound(newUrl, json({ type: 'x' }))).status).toBe(202);

    const wrongMethod = await sendInbound(newUrl, { method: 'PUT', ...json({ type: 'x' }) });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(wrongMethod.body).toMatchObject({
      error: 'Método PUT não aceito: esta rota recebe POST',
      code: 'METHOD_NOT_ALLOWED',
    });
    for (const url of [
      `${newUrl}/mais`,
      newUrl.replace(/[0-9a-f]{8}\//, '00000000/'),
      `${baseUrl}/in/nada/x`,
    ]) {
      const answer = await sendInbound(url, json({ type: 'x' }));
      expect(answer.status, url).toBe(404);
      expect(answer.body.error, url).toBe('Nenhuma rota ativa neste endereço');
    }
    await t.put(`/v1/routes/${route.id}`, { ...as(), body: { isActive: false } });
    const before = await countInbound(t.ctx, route.id);
    expect((await sendInbound(newUrl, json({ type: 'x' }))).status).toBe(404);
    expect(await countInbound(t.ctx, route.id)).toEqual(before);
  });

  it("When a request names a route's token but no endpoint, then it gets the same 404 as an unknown token and the token is not echoed", async () => {
    const route = await routeOf({ verification: NONE });
    const token = new URL(route.ingestUrl).pathname.split('/')[2] as string;
    expect(token.length).toBeGreaterThan(16);
    for (const [method, url] of [
      ['POST', `${baseUrl}/in/${token}`],
      ['GET', `${baseUrl}/in/${token}`],
      ['POST', `${baseUrl}/in/${token}?tipo=x`],
      ['PUT', `${baseUrl}/in/${token}`],
    ] as const) {
      const answer = await sendInbound(url, { method, ...(method === 'GET' ? {} : json({ type: 'x' })) });
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body, `${method} ${url}`).toEqual({
        error: 'Nenhuma rota ativa neste endereço',
        code: 'NOT_FOUND',
      });
    }
  });

  it('When two routes of one application have the same event type, then a request to one runs only its own rules', async () => {
    const event = await t.post('/v1/events', {
      ...as(),
      body: { applicationId: appId, name: 'Push', alias: 'saida.push' },
    });
    await t.post('/v1/subscriptions', {
      ...as(),
      body: {
        eventId: event.body.data.id,
        name: 'R',
        targetUrl: `${receiver.url}/push`,
        jsonBody: '"#data#"',
      },
    });
    const setUp = async (name: string) => {
      const route = await routeOf({
        name,
        verification: NONE,
        eventTypeFrom: { source: 'HEADER', value: 'X-GitHub-Event' },
      });
      const type = await t.post('/v1/route-event-types', {
        ...as(),
        body: { routeId: route.id, name: 'Push', alias: 'push' },
      });
      const rule = await t.post('/v1/event-rules', {
        ...as(),
        body: {
          name: `Push de ${name}`,
          applicationId: appId,
          routeId: route.id,
          routeEventTypeId: type.body.data.id,
          eventId: event.body.data.id,
          conditions: { rules: [{ field: 'data.ref', operator: 'CONTAINS_ANY', values: ['main'] }] },
        },
      });
      return { route, rule: rule.body.data as { id: string } };
    };
    const loja = await setUp('loja');
    const blog = await setUp('blog');
    const answer = await sendInbound(ingestUrlOn(baseUrl, loja.route), {
      headers: { 'content-type': 'application/json', 'x-github-event': 'push' },
      body: JSON.stringify({ ref: 'refs/heads/main' }),
    });
    expect((await settledEventLog(t.ctx, answer.body.eventLogId)).status).toBe('SUCCESS');
    expect(await countSuccessfulExecutions(t.ctx, loja.rule.id)).toBe(1);
    expect(await countSuccessfulExecutions(t.ctx, blog.rule.id)).toBe(0);
  });

  it('When an accepted request and its duplicate are reprocessed, then each keeps its status and first event log, and each reprocess adds an event log beside the earlier ones', async () => {
    const route = await routeOf({ verification: NONE });
    await t.post('/v1/route-event-types', {
      ...as(),
      body: { routeId: route.id, name: 'Pago', alias: 'pedido.pago' },
    });
    const url = ingestUrlOn(baseUrl, route);
    const delivery = { 'content-type': 'application/json', 'idempotency-key': 'entrega-7' };
    const body = JSON.stringify({ type: 'pedido.pago', pedido: 7 });
    const first = await sendInbound(url, { headers: delivery, body });
    expect(first.body).toMatchObject({ status: 'ACCEPTED', eventLogId: expect.any(String) });
    const again = await sendInbound(url, { headers: delivery, body });
    expect(again.body).toMatchObject({ status: 'DUPLICATE', eventLogId: null });
    const firstLog = first.body.eventLogId as string;

    const reprocess = async (id: string) => {
      const answer = await t.post(`/v1/inbound-requests/${id}/reprocess`, as());
      expect(answer.status).toBe(200);
      return answer.body.data;
    };
    const logIds = (detail: { eventLogs: Array<{ id: string }> }) => detail.eventLogs.map((log) => log.id);
    const once = await reprocess(first.body.id);
    const twice = await reprocess(first.body.id);
    const duplicate = await reprocess(again.body.id);

    const [reprocessedOnce, reprocessedTwice] = logIds(twice).slice(1);
    expect(once).toMatchObject({ status: 'ACCEPTED', eventLogId: firstLog });
    expect(logIds(once)).toEqual([firstLog, reprocessedOnce]);
    expect(twice).toMatchObject({ status: 'ACCEPTED', eventLogId: firstLog, eventType: 'pedido.pago' });
    expect(twice.eventLogs).toEqual([
      expect.objectContaining({ id: firstLog, eventType: 'pedido.pago', isReprocess: false }),
      expect.objectContaining({ id: reprocessedOnce, isReprocess: true }),
      expect.objectContaining({ id: reprocessedTwice, isReprocess: true }),
    ]);
    expect(new Set([firstLog, reprocessedOnce, reprocessedTwice]).size).toBe(3);
    // The duplicate still names the first delivery's log; its own reprocess is listed beside it.
    expect(duplicate).toMatchObject({ status: 'DUPLICATE', eventLogId: firstLog });
    expect(logIds(duplicate)).toHaveLength(2);
    expect(logIds(duplicate)[0]).toBe(firstLog);
    expect([firstLog, reprocessedOnce, reprocessedTwice]).not.toContain(logIds(duplicate)[1]);

    for (const id of [...logIds(twice), ...logIds(duplicate)]) {
      expect((await settledEventLog(t.ctx, id)).status, id).toBe('SUCCESS');
    }
    const detail = (await t.get(`/v1/inbound-requests/${first.body.id}`, as())).body.data;
    expect(detail.eventLogs.map((log: { status: string }) => log.status)).toEqual([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
    ]);
    const listed = (await t.get(`/v1/routes/${route.id}/inbound-requests`, as())).body.data;
    expect(
      listed.map((request: { status: string; eventLogId: string }) => [request.status, request.eventLogId]),
    ).toEqual([
      ['DUPLICATE', firstLog],
      ['ACCEPTED', firstLog],
    ]);
  });

  it('When an HMAC_SHA256 request is sent again as it was, then it runs the rules again; with the same Idempotency-Key, the copy is a DUPLICATE', async () => {
    const { createHmac } = await import('node:crypto');
    const route = await routeOf({
      verification: { type: 'HMAC_SHA256', secret: 'segredo-replay', header: 'X-Assinatura' },
    });
    await t.post('/v1/route-event-types', {
      ...as(),
      body: { routeId: route.id, name: 'Pago', alias: 'pedido.pago' },
    });
    const body = JSON.stringify({ type: 'pedido.pago', pedido: 9 });
    const signature = createHmac('sha256', 'segredo-replay').update(body).digest('hex');
    const send = (headers: Record<string, string> = {}) =>
      sendInbound(ingestUrlOn(baseUrl, route), {
        headers: { 'content-type': 'application/json', 'x-assinatura': signature, ...headers },
        body,
      });
    // Nothing but the body is signed: a replay is the same request, so it is accepted again.
    expect((await send()).body.status).toBe('ACCEPTED');
    expect((await send()).body.status).toBe('ACCEPTED');
    expect((await send({ 'idempotency-key': 'pedido-9' })).body.status).toBe('ACCEPTED');
    expect((await send({ 'idempotency-key': 'pedido-9' })).body.status).toBe('DUPLICATE');
    expect(await countInbound(t.ctx, route.id)).toEqual({ requests: 4, logs: 3 });
  });

  it('When Basic auth is the check, then a wrong password is 401 and the Authorization header is never kept', async () => {
    const route = await routeOf({
      verification: { type: 'BASIC', username: 'twilio', password: 'senha-forte' },
      eventTypeFrom: { source: 'FIXED', value: 'chamada.recebida' },
    });
    await t.post('/v1/route-event-types', {
      ...as(),
      body: { routeId: route.id, name: 'Chamada', alias: 'chamada.recebida' },
    });
    const url = ingestUrlOn(baseUrl, route);
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const wrong = await sendInbound(url, {
      ...json({ a: 1 }),
      headers: { 'content-type': 'application/json', authorization: basic('twilio', 'errada') },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Usuário ou senha inválidos');
    const right = await sendInbound(url, {
      ...json({ a: 1 }),
      headers: { 'content-type': 'application/json', authorization: basic('twilio', 'senha-forte') },
    });
    expect(right.status).toBe(202);
    for (const id of [right.body.id]) {
      const kept = await t.get(`/v1/inbound-requests/${id}`, as());
      expect(kept.body.data.headers.authorization).toBeUndefined();
      expect(JSON.stringify(kept.body.data)).not.toContain('senha-forte');
    }
  });

  it('When the body cannot be read, then 400 or 415 in pt-BR, kept REJECTED with the reason and no rules log; a GET takes its query as data', async () => {
    const route = await routeOf({
      verification: NONE,
      eventTypeFrom: { source: 'FIXED', value: 'algo.aconteceu' },
    });
    await t.post('/v1/route-event-types', {
      ...as(),
      body: { routeId: route.id, name: 'Algo', alias: 'algo.aconteceu' },
    });
    const url = ingestUrlOn(baseUrl, route);
    const cases: Array<[Record<string, string>, string, number, string]> = [
      [{ 'content-type': 'application/json' }, '{"a":', 400, 'JSON inválido no corpo da requisição'],
      [{ 'content-type': 'application/json' }, 'null', 400, 'O corpo JSON não pode ser null'],
      [
        { 'content-type': 'application/json' },
        '{"a":"\\u0000"}',
        400,
        'O texto contém caracteres não suportados (\\u0000 ou um caractere UTF-16 incompleto)',
      ],
      [
        { 'content-type': 'application/xml' },
        '<a/>',
        415,
        'Tipo de conteúdo não suportado: envie application/json ou application/x-www-form-urlencoded',
      ],
      [
        { 'content-type': 'application/json', 'idempotency-key': 'k'.repeat(256) },
        '{}',
        400,
        'Identificador de entrega muito longo (máximo de 255 caracteres)',
      ],
    ];
    for (const [headers, body, status, error] of cases) {
      const answer = await sendInbound(url, { headers, body });
      expect(answer.status, body).toBe(status);
      expect(answer.body.error, body).toBe(error);
      const [kept] = (await t.get(`/v1/routes/${route.id}/inbound-requests?limit=1`, as())).body.data;
      expect(kept, body).toMatchObject({ status: 'REJECTED', isVerified: true, errorMessage: error });
    }
    expect((await countInbound(t.ctx, route.id)).logs).toBe(0);

    const getRoute = await routeOf({
      method: 'GET',
      verification: NONE,
      eventTypeFrom: { source: 'FIXED', value: 'algo.aconteceu' },
    });
    await t.post('/v1/route-event-types', {
      ...as(),
      body: { routeId: getRoute.id, name: 'Algo', alias: 'algo.aconteceu' },
    });
    const got = await sendInbound(`${ingestUrlOn(baseUrl, getRoute)}?pedido=42&canal=loja`, {
      method: 'GET',
    });
    expect(got.status).toBe(202);
    const log = await waitFor(
      async () => (await t.get(`/v1/rabbitmq/events/${got.body.eventLogId}`, as())).body.data,
      5_000,
      'the log',
    );
    expect(log.payload).toEqual({ pedido: '42', canal: 'loja' });
  });

  it("When the sample curl of the Recebimento tab is run with the route's secret in the environment, then every verification type passes and the request is accepted", async () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const cases = [
      {
        verification: { type: 'GITHUB', secret: "s'$(x)" },
        from: { source: 'HEADER', value: 'X-GitHub-Event' },
        env: { WEBHOOK_SECRET: "s'$(x)" },
      },
      {
        verification: { type: 'STRIPE', secret: 'whsec_abc' },
        from: { source: 'BODY_PATH', value: 'type' },
        env: { WEBHOOK_SECRET: 'whsec_abc' },
      },
      {
        verification: { type: 'STANDARD_WEBHOOKS', secret: `whsec_${key}` },
        from: { source: 'BODY_PATH', value: 'data.kind' },
        env: { WEBHOOK_SECRET: `whsec_${key}` },
      },
      {
        verification: { type: 'HMAC_SHA256', secret: 'h', header: 'X-Sig', prefix: 'sha256=' },
        from: { source: 'FIXED', value: 'tipo.a' },
        env: { WEBHOOK_SECRET: 'h' },
      },
      {
        verification: { type: 'HMAC_SHA256', secret: 'h', header: 'X-Sig', encoding: 'base64' },
        from: { source: 'HEADER', value: 'X-Tipo' },
        env: { WEBHOOK_SECRET: 'h' },
      },
      {
        verification: { type: 'BASIC', username: "o'neil", password: 'p$w' },
        from: { source: 'BODY_PATH', value: 'type' },
        env: { WEBHOOK_PASSWORD: 'p$w' },
      },
      {
        verification: { type: 'API_KEY', header: 'X-Chave', value: 'k`1' },
        from: { source: 'BODY_PATH', value: 'type' },
        env: { WEBHOOK_API_KEY: 'k`1' },
      },
      { verification: NONE, from: { source: 'BODY_PATH', value: 'type' }, env: {} },
      {
        verification: { type: 'GITHUB', secret: 'g' },
        from: { source: 'FIXED', value: 'tipo.a' },
        env: { WEBHOOK_SECRET: 'g' },
        method: 'GET',
      },
    ];
    for (const { verification, from, env, method = 'POST' } of cases) {
      const label = `${method} ${verification.type} ${from.source}`;
      const route = await routeOf({ method, verification, eventTypeFrom: from });
      await t.post('/v1/route-event-types', {
        ...as(),
        body: { routeId: route.id, name: 'A', alias: 'tipo.a' },
      });
      await t.post('/v1/route-fields', {
        ...as(),
        body: { routeId: route.id, name: 'T', type: 'string', path: 'data.texto' },
      });
      const detail = (await t.get(`/v1/routes/${route.id}`, as())).body.data;
      const script = renderIngestCurl({
        ingestUrl: ingestUrlOn(baseUrl, detail),
        method: detail.method,
        verification: detail.verification,
        eventTypeFrom: detail.eventTypeFrom,
        alias: 'tipo.a',
        fields: detail.fields,
      });
      const { stdout } = await promisify(execFile)('bash', ['-c', script], {
        env: { PATH: process.env.PATH, ...env },
      });
      expect(stdout, `${label}\n${script}`).toContain('HTTP 202');
      const [kept] = (await t.get(`/v1/routes/${route.id}/inbound-requests?limit=1`, as())).body.data;
      expect(kept, label).toMatchObject({ status: 'ACCEPTED', isVerified: true, eventType: 'tipo.a' });
    }
  });
});
