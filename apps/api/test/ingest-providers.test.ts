import { randomUUID } from 'node:crypto';
import { sign as signGitHub } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type Workers } from '../src/workers';
import { insertApplication, newSecret, type Receiver, startReceiver } from './support/delivery-fixtures';
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
import { deleteTestQueue, queueBackend, TEST_RABBITMQ_URL, uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

// Each provider signs with its own library: the route must accept exactly what the sender sends.
// Runs in api-pglite/api-postgres on the database queue, and in queue-rabbitmq on RabbitMQ.
describe(`receiving webhooks signed by their providers, on the ${queueBackend} queue`, () => {
  let t: TestApp;
  let workers: Workers;
  let receiver: Receiver;
  let owner: TestUser;
  let appId: string;
  let baseUrl: string;
  const queueName = uniqueQueueName('wm-ingest');

  beforeAll(async () => {
    t = await createTestApp({
      QUEUE_NAME: queueName,
      DELIVERY_RETRY_DELAYS_MS: '50',
      QUEUE_POLL_MS: '20',
      ...(queueBackend === 'rabbitmq' ? { RABBITMQ_URL: TEST_RABBITMQ_URL } : {}),
    });
    workers = await startWorkers(t.ctx);
    receiver = await startReceiver();
    owner = await t.createUser();
    appId = (await insertApplication(t.ctx, { ownerId: owner.id })).id;
    baseUrl = await listenOnLoopback(t);
  });
  afterAll(async () => {
    await workers?.stop();
    await t?.ctx.queue?.close({ graceMs: 1_000 });
    await deleteTestQueue(queueName);
    await receiver?.close();
    await t?.close();
  });

  /**
   * On `route`: an event type `alias`, and a rule on it (the condition given) linked to an IMMEDIATE
   * event whose subscription posts the data to `path` on the receiver.
   */
  async function automate(
    route: { id: string },
    alias: string,
    condition: { field: string; operator: string; values: string[] },
    path: string,
  ) {
    const as = { token: owner.token };
    const eventType = await t.post('/v1/route-event-types', {
      ...as,
      body: { routeId: route.id, name: alias, alias },
    });
    expect(eventType.status).toBe(201);
    const event = await t.post('/v1/events', {
      ...as,
      body: { applicationId: appId, name: `Saída ${path}`, alias: `saida${path.replaceAll('/', '.')}` },
    });
    expect(event.status).toBe(201);
    const subscription = await t.post('/v1/subscriptions', {
      ...as,
      body: {
        eventId: event.body.data.id,
        name: 'Receptor',
        targetUrl: `${receiver.url}${path}`,
        jsonBody: '"#data#"',
      },
    });
    expect(subscription.status).toBe(201);
    const rule = await t.post('/v1/event-rules', {
      ...as,
      body: {
        name: `Regra ${alias}`,
        applicationId: appId,
        routeId: route.id,
        routeEventTypeId: eventType.body.data.id,
        eventId: event.body.data.id,
        conditions: { rules: [{ ...condition, caseSensitive: false }] },
      },
    });
    expect(rule.status).toBe(201);
    return { rule: rule.body.data as { id: string }, event: event.body.data as { id: string } };
  }

  const requestsTo = (path: string) => receiver.requests.filter((request) => request.url === path);

  /** The rule ran once, for this log, and its linked event reached the receiver once with `data`. */
  async function expectRanOnce(ruleId: string, eventLogId: string, path: string, data: unknown) {
    expect((await settledEventLog(t.ctx, eventLogId)).status).toBe('SUCCESS');
    const executions = await t.get(`/v1/event-rules/${ruleId}/executions`, { token: owner.token });
    expect(executions.body.data).toEqual([
      expect.objectContaining({ success: true, eventLogId, errorMessage: null }),
    ]);
    const delivered = await waitFor(() => requestsTo(path)[0], 10_000, `the delivery to ${path}`);
    expect(JSON.parse(delivered.body)).toEqual(data);
    expect(requestsTo(path)).toHaveLength(1);
  }

  /** 401 in pt-BR naming why, the request kept REJECTED and unverified, and no rules log made. */
  async function expectRefused(
    routeId: string,
    send: () => Promise<{ status: number; body: { error: string; code: string } }>,
    reason: string,
  ) {
    const before = await countInbound(t.ctx, routeId);
    const answer = await send();
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: reason, code: 'UNAUTHORIZED' });
    expect(await countInbound(t.ctx, routeId)).toEqual({ requests: before.requests + 1, logs: before.logs });
    const listed = await t.get(`/v1/routes/${routeId}/inbound-requests?limit=1`, { token: owner.token });
    expect(listed.body.data[0]).toMatchObject({
      status: 'REJECTED',
      isVerified: false,
      verificationError: reason,
      eventLogId: null,
    });
  }

  it('When GitHub signs a push with @octokit/webhooks-methods, then 202, the rule runs once and its event reaches the receiver; tampered, wrong-secret and redelivered pushes run nothing more', async () => {
    const secret = 'segredo-do-github';
    const route = await createInboundRoute(
      t,
      appId,
      {
        name: 'GitHub',
        endpoint: '/github',
        verification: { type: 'GITHUB', secret },
        eventTypeFrom: { source: 'HEADER', value: 'X-GitHub-Event' },
      },
      owner.token,
    );
    const { rule } = await automate(
      route,
      'push',
      { field: 'data.ref', operator: 'EQUALS', values: ['refs/heads/main'] },
      '/github-push',
    );
    const url = ingestUrlOn(baseUrl, route);
    const payload = JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'acme/loja' } });
    const delivery = randomUUID();
    const headers = async (body: string, key = secret) => ({
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': delivery,
      'x-hub-signature-256': await signGitHub(key, body),
    });

    const accepted = await sendInbound(url, { headers: await headers(payload), body: payload });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', eventLogId: expect.any(String) });
    await expectRanOnce(rule.id, accepted.body.eventLogId, '/github-push', JSON.parse(payload));

    const tampered = payload.replace('main', 'dev');
    await expectRefused(
      route.id,
      async () => sendInbound(url, { headers: await headers(payload), body: tampered }),
      'Assinatura inválida',
    );
    await expectRefused(
      route.id,
      async () => sendInbound(url, { headers: await headers(payload, 'outro-segredo'), body: payload }),
      'Assinatura inválida',
    );
    await expectRefused(
      route.id,
      async () => sendInbound(url, { headers: { 'x-github-event': 'push' }, body: payload }),
      'Cabeçalho X-Hub-Signature-256 ausente',
    );

    const before = await countInbound(t.ctx, route.id);
    const redelivered = await sendInbound(url, { headers: await headers(payload), body: payload });
    expect(redelivered.status).toBe(202);
    expect(redelivered.body.status).toBe('DUPLICATE');
    expect(await countInbound(t.ctx, route.id)).toEqual({ requests: before.requests + 1, logs: before.logs });
    const duplicate = await t.get(`/v1/inbound-requests/${redelivered.body.id}`, { token: owner.token });
    expect(duplicate.body.data).toMatchObject({
      status: 'DUPLICATE',
      deliveryId: delivery,
      eventLogId: accepted.body.eventLogId,
    });
    expect(await countSuccessfulExecutions(t.ctx, rule.id)).toBe(1);
  });

  it("When Stripe signs an event with stripe's generateTestHeaderString, then 202 and the rule runs once; an old timestamp, a tampered body, a wrong secret and a redelivery run nothing more", async () => {
    const secret = `whsec_${randomUUID().replaceAll('-', '')}`;
    const route = await createInboundRoute(
      t,
      appId,
      {
        name: 'Stripe',
        endpoint: '/stripe',
        verification: { type: 'STRIPE', secret },
        eventTypeFrom: { source: 'BODY_PATH', value: 'type' },
      },
      owner.token,
    );
    const { rule } = await automate(
      route,
      'payment_intent.succeeded',
      { field: 'data.data.object.amount', operator: 'GREATER_THAN', values: ['1000'] },
      '/stripe-pago',
    );
    const url = ingestUrlOn(baseUrl, route);
    const event = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', amount: 2000, currency: 'brl' } },
    };
    const payload = JSON.stringify(event, null, 2);
    const now = () => Math.floor(t.ctx.clock().getTime() / 1000);
    const signed = (body: string, options: { timestamp?: number; key?: string } = {}) => ({
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.key ?? secret,
        timestamp: options.timestamp ?? now(),
      }),
    });

    const accepted = await sendInbound(url, { headers: signed(payload), body: payload });
    expect(accepted.status).toBe(202);
    expect(accepted.body.status).toBe('ACCEPTED');
    await expectRanOnce(rule.id, accepted.body.eventLogId, '/stripe-pago', event);

    await expectRefused(
      route.id,
      async () => sendInbound(url, { headers: signed(payload, { timestamp: now() - 301 }), body: payload }),
      'Carimbo de tempo fora da tolerância de 300 s',
    );
    await expectRefused(
      route.id,
      async () => sendInbound(url, { headers: signed(payload), body: payload.replace('2000', '9000') }),
      'Assinatura inválida',
    );
    await expectRefused(
      route.id,
      async () => sendInbound(url, { headers: signed(payload, { key: 'whsec_outro' }), body: payload }),
      'Assinatura inválida',
    );

    // Stripe retries with a new signature and timestamp; the event id is what stays.
    const redelivered = await sendInbound(url, {
      headers: signed(payload, { timestamp: now() - 5 }),
      body: payload,
    });
    expect(redelivered.status).toBe(202);
    expect(redelivered.body.status).toBe('DUPLICATE');
    expect(await countSuccessfulExecutions(t.ctx, rule.id)).toBe(1);
    expect((await countInbound(t.ctx, route.id)).logs).toBe(1);
  });

  it('When a sender signs with the standardwebhooks library, then 202 and the rule runs once; tampered, stale, wrong-secret and redelivered messages run nothing more', async () => {
    const secret = newSecret();
    const route = await createInboundRoute(
      t,
      appId,
      {
        name: 'Svix',
        endpoint: '/svix',
        verification: { type: 'STANDARD_WEBHOOKS', secret },
        eventTypeFrom: { source: 'BODY_PATH', value: 'type' },
      },
      owner.token,
    );
    const { rule } = await automate(
      route,
      'invoice.paid',
      { field: 'data.data.total', operator: 'GREATER_THAN', values: ['10'] },
      '/svix-fatura',
    );
    const url = ingestUrlOn(baseUrl, route);
    const message = { type: 'invoice.paid', data: { invoice: 'inv_1', total: 99.9 } };
    const payload = JSON.stringify(message);
    const messageId = `msg_${randomUUID()}`;
    const signed = (body: string, options: { at?: Date; key?: string } = {}) => {
      const at = options.at ?? t.ctx.clock();
      return {
        'content-type': 'application/json',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(options.key ?? secret).sign(messageId, at, body),
      };
    };

    const accepted = await sendInbound(url, { headers: signed(payload), body: payload });
    expect(accepted.status).toBe(202);
    await expectRanOnce(rule.id, accepted.body.eventLogId, '/svix-fatura', message);

    await expectRefused(
      route.id,
      async () => sendInbound(url, { headers: signed(payload), body: `${payload} ` }),
      'Assinatura inválida',
    );
    await expectRefused(
      route.id,
      async () =>
        sendInbound(url, {
          headers: signed(payload, { at: new Date(t.ctx.clock().getTime() - 10 * 60_000) }),
          body: payload,
        }),
      'Carimbo de tempo fora da tolerância de 300 s',
    );
    await expectRefused(
      route.id,
      async () => sendInbound(url, { headers: signed(payload, { key: newSecret() }), body: payload }),
      'Assinatura inválida',
    );

    const redelivered = await sendInbound(url, { headers: signed(payload), body: payload });
    expect(redelivered.body.status).toBe('DUPLICATE');
    expect(await countSuccessfulExecutions(t.ctx, rule.id)).toBe(1);
  });

  it('When a form-encoded request names its event type in a header, then its fields are the data the rule reads and the linked event is delivered', async () => {
    const route = await createInboundRoute(
      t,
      appId,
      {
        name: 'SMS',
        endpoint: '/sms',
        verification: { type: 'API_KEY', header: 'X-Chave', value: 'chave-sms-123' },
        eventTypeFrom: { source: 'HEADER', value: 'X-Tipo-Evento' },
      },
      owner.token,
    );
    const { rule } = await automate(
      route,
      'sms.received',
      { field: 'data.Body', operator: 'CONTAINS_ANY', values: ['ajuda'] },
      '/sms-ajuda',
    );
    const url = ingestUrlOn(baseUrl, route);
    const answer = await sendInbound(url, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-chave': 'chave-sms-123',
        'x-tipo-evento': 'SMS.Received',
      },
      body: 'From=%2B5511999990000&Body=Preciso+de+AJUDA&Tag=a&Tag=b',
    });
    expect(answer.status).toBe(202);
    await expectRanOnce(rule.id, answer.body.eventLogId, '/sms-ajuda', {
      From: '+5511999990000',
      Body: 'Preciso de AJUDA',
      Tag: ['a', 'b'],
    });
    const kept = await t.get(`/v1/inbound-requests/${answer.body.id}`, { token: owner.token });
    expect(kept.body.data).toMatchObject({
      status: 'ACCEPTED',
      isVerified: true,
      verificationType: 'API_KEY',
      eventType: 'sms.received',
      body: 'From=%2B5511999990000&Body=Preciso+de+AJUDA&Tag=a&Tag=b',
      contentType: 'application/x-www-form-urlencoded',
    });
    // The key that let it in is a credential: never kept.
    expect(kept.body.data.headers['x-chave']).toBeUndefined();
    expect(kept.body.data.headers['x-tipo-evento']).toBe('SMS.Received');
  });

  it('When the event type is not one of the route, then 202, the request is kept IGNORED with the reason, and after the type is added a reprocess runs the rule, the request still IGNORED', async () => {
    const route = await createInboundRoute(
      t,
      appId,
      {
        name: 'Genérica',
        endpoint: '/generica',
        verification: {
          type: 'HMAC_SHA256',
          secret: 'segredo-hmac',
          header: 'X-Assinatura',
          prefix: 'sha256=',
        },
        eventTypeFrom: { source: 'BODY_PATH', value: 'evento.tipo' },
      },
      owner.token,
    );
    const url = ingestUrlOn(baseUrl, route);
    const payload = JSON.stringify({ evento: { tipo: 'pedido.cancelado' }, pedido: 42 });
    const { createHmac } = await import('node:crypto');
    const signature = `sha256=${createHmac('sha256', 'segredo-hmac').update(payload).digest('hex')}`;
    const answer = await sendInbound(url, {
      headers: { 'content-type': 'application/json', 'x-assinatura': signature },
      body: payload,
    });
    expect(answer.status).toBe(202);
    const reason = 'Tipo de evento "pedido.cancelado" não cadastrado nesta rota';
    expect(answer.body).toEqual({
      id: expect.any(String),
      status: 'IGNORED',
      eventLogId: null,
      message: reason,
    });
    expect((await countInbound(t.ctx, route.id)).logs).toBe(0);

    const listed = await t.get(`/v1/routes/${route.id}/inbound-requests`, { token: owner.token });
    expect(listed.body.pagination.total).toBe(1);
    expect(listed.body.data[0]).toMatchObject({
      id: answer.body.id,
      status: 'IGNORED',
      isVerified: true,
      verificationError: null,
      errorMessage: reason,
      eventType: 'pedido.cancelado',
      sizeBytes: Buffer.byteLength(payload),
    });

    const { rule } = await automate(
      route,
      'pedido.cancelado',
      { field: 'data.pedido', operator: 'EQUALS', values: ['42'] },
      '/cancelado',
    );
    const reprocessed = await t.post(`/v1/inbound-requests/${answer.body.id}/reprocess`, {
      token: owner.token,
    });
    expect(reprocessed.status).toBe(200);
    // The request stays what it was when received; the reprocess's log is listed beside.
    expect(reprocessed.body.data).toMatchObject({
      status: 'IGNORED',
      errorMessage: reason,
      eventType: 'pedido.cancelado',
      eventLogId: null,
      eventLogs: [{ eventType: 'pedido.cancelado', isReprocess: true }],
    });
    await expectRanOnce(rule.id, reprocessed.body.data.eventLogs[0].id, '/cancelado', JSON.parse(payload));
  });
});
