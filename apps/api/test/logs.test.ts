import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import {
  addMember,
  insertApplication,
  insertEvent,
  insertSubscription,
  isFinal,
  readLogsOf,
} from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import type { TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

let owner: Awaited<ReturnType<TestApp['createUser']>>;
let app: { id: string; apiKey: string };
let okEvent: { id: string; alias: string };
let badEvent: { id: string; alias: string };
let okSubscription: { id: string };
let badSubscription: { id: string };
let failedLogId: string;
let isReceiverHealed = false;

const harness = useDeliveryHarness({ DELIVERY_RETRY_DELAYS_MS: '10', DELIVERY_POLL_MS: '20' }, (request) =>
  request.url === '/bad' && !isReceiverHealed
    ? { status: 500, body: 'quebrado' }
    : { status: 200, body: 'aceito' },
);

// The harness's own application stays unused: these logs belong to an application with an owner.
beforeAll(async () => {
  owner = await harness.t.createUser();
  app = await insertApplication(harness.t.ctx, { ownerId: owner.id });
  okEvent = await insertEvent(harness.t.ctx, app.id, { name: 'Pedido Criado' });
  badEvent = await insertEvent(harness.t.ctx, app.id, { name: 'Pedido Cancelado', maxRetries: 0 });
  okSubscription = await insertSubscription(harness.t.ctx, okEvent.id, {
    name: 'Loja',
    targetUrl: `${harness.receiver.url}/ok`,
  });
  badSubscription = await insertSubscription(harness.t.ctx, badEvent.id, {
    name: 'ERP',
    targetUrl: `${harness.receiver.url}/bad`,
  });
  const emitted: string[] = [];
  for (const alias of [okEvent.alias, okEvent.alias, badEvent.alias]) {
    const response = await harness.t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: alias, applicationId: app.id, data: { alias } },
    });
    emitted.push(response.body.occurrenceId);
  }
  for (const occurrenceId of emitted) {
    await waitFor(async () =>
      (await readLogsOf(harness.t.ctx, occurrenceId)).every((log) => isFinal(log.status)),
    );
  }
  const [failed] = await readLogsOf(harness.t.ctx, emitted[2] as string);
  failedLogId = failed?.id as string;
});

describe('GET /v1/logs', () => {
  it('When listing, then items carry the subscription and its event, with stats by status', async () => {
    const response = await harness.t.get('/v1/logs', { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expect(response.body.stats).toEqual({ SUCCESS: 2, FAILED: 1, PENDING: 0, RETRYING: 0, IGNORED: 0 });
    const failed = response.body.data.find((item: { id: string }) => item.id === failedLogId);
    expect(failed).toMatchObject({
      status: 'FAILED',
      httpStatusCode: 500,
      attemptCount: 1,
      subscription: {
        id: badSubscription.id,
        name: 'ERP',
        httpMethod: 'POST',
        authType: 'NONE',
        event: { id: badEvent.id, name: 'Pedido Cancelado', alias: badEvent.alias },
      },
    });
    expect(typeof failed.createdAt).toBe('string');
    expect(typeof failed.processedAt).toBe('string');
  });

  it('When filtering by status, subscription, event and search, then only matching logs come back', async () => {
    const byStatus = await harness.t.get('/v1/logs?status=SUCCESS', { token: owner.token });
    expect(byStatus.body.data).toHaveLength(2);
    const bySubscription = await harness.t.get(`/v1/logs?subscriptionId=${badSubscription.id}`, {
      token: owner.token,
    });
    expect(bySubscription.body.data.map((item: { id: string }) => item.id)).toEqual([failedLogId]);
    const byEvent = await harness.t.get(`/v1/logs?eventId=${okEvent.id}`, { token: owner.token });
    expect(byEvent.body.stats.SUCCESS).toBe(2);
    const bySearch = await harness.t.get('/v1/logs?search=loj', { token: owner.token });
    expect(bySearch.body.data).toHaveLength(2);
    const searchedStatus = await harness.t.get('/v1/logs?search=loj&status=FAILED', { token: owner.token });
    expect(searchedStatus.body.pagination.total).toBe(searchedStatus.body.data.length);
    const nothing = await harness.t.get('/v1/logs?search=nota%20fiscal', { token: owner.token });
    expect(nothing.body).toMatchObject({ data: [], pagination: { total: 0, totalPages: 1 } });
    const future = await harness.t.get('/v1/logs?startDate=2999-01-01', { token: owner.token });
    expect(future.body.pagination.total).toBe(0);
    const past = await harness.t.get('/v1/logs?endDate=2000-01-01', { token: owner.token });
    expect(past.body.data).toHaveLength(0);
    const counted = await harness.t.get('/v1/logs?startDate=2000-01-01', { token: owner.token });
    const kept = await harness.t.get('/v1/logs', { token: owner.token });
    expect(counted.body.stats).toEqual(kept.body.stats);
  });

  it('When filtering by occurrence, then only its deliveries come back, counted apart', async () => {
    const [first] = (await harness.t.get(`/v1/logs?eventId=${okEvent.id}`, { token: owner.token })).body.data;
    const detail = await harness.t.get(`/v1/logs/${first.id}`, { token: owner.token });
    const byOccurrence = await harness.t.get(`/v1/logs?occurrenceId=${detail.body.data.occurrenceId}`, {
      token: owner.token,
    });
    expect(byOccurrence.body.data.map((item: { id: string }) => item.id)).toEqual([first.id]);
    expect(byOccurrence.body.stats.SUCCESS).toBe(1);
    expect(byOccurrence.body.pagination.total).toBe(1);
  });

  it('When a delivery is RETRYING after an answer, then the list says when it was last tried', async () => {
    const [attempt] = (await harness.t.get(`/v1/logs/${failedLogId}`, { token: owner.token })).body.data
      .attempts;
    await harness.t.ctx.db
      .update(deliveryLogs)
      .set({ status: 'RETRYING', processedAt: null })
      .where(eq(deliveryLogs.id, failedLogId));
    try {
      const listed = await harness.t.get(`/v1/logs?subscriptionId=${badSubscription.id}`, {
        token: owner.token,
      });
      expect(listed.body.data[0]).toMatchObject({
        status: 'RETRYING',
        processedAt: null,
        lastAttemptAt: attempt.startedAt,
      });
      const success = await harness.t.get(`/v1/logs?status=SUCCESS`, { token: owner.token });
      expect(success.body.data[0].lastAttemptAt).toBeNull();
    } finally {
      await harness.t.ctx.db
        .update(deliveryLogs)
        .set({ status: 'FAILED', processedAt: new Date(attempt.startedAt) })
        .where(eq(deliveryLogs.id, failedLogId));
    }
  });

  it('When the query is invalid, then 400', async () => {
    expect((await harness.t.get('/v1/logs?status=DONE', { token: owner.token })).status).toBe(400);
    expect((await harness.t.get('/v1/logs?limit=1000', { token: owner.token })).status).toBe(400);
  });

  it('When a user sees no subscription, then the list is empty and a detail is 404', async () => {
    const stranger = await harness.t.createUser();
    const list = await harness.t.get('/v1/logs', { token: stranger.token });
    expect(list.body.pagination.total).toBe(0);
    const searched = await harness.t.get('/v1/logs?search=loj', { token: stranger.token });
    expect(searched.body).toMatchObject({ data: [], pagination: { total: 0 }, stats: { SUCCESS: 0 } });
    const detail = await harness.t.get(`/v1/logs/${failedLogId}`, { token: stranger.token });
    expect(detail.status).toBe(404);
    expect(detail.body.error).toBe('Log não encontrado');
  });
});

describe('GET /v1/logs/{id}', () => {
  it('When opening a log, then it shows the response, data, payload, error and every attempt', async () => {
    const response = await harness.t.get(`/v1/logs/${failedLogId}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: failedLogId,
      status: 'FAILED',
      responseBody: 'quebrado',
      eventDataReceived: { alias: badEvent.alias },
      payloadSent: { alias: badEvent.alias },
      errorMessage: 'Resposta HTTP 500',
      attempts: [{ attemptNumber: 1, httpStatusCode: 500, responseBody: 'quebrado' }],
    });
  });
});

describe('POST /v1/logs/{id}/retry', () => {
  it('When the log is not FAILED, then 409', async () => {
    const list = await harness.t.get('/v1/logs?status=SUCCESS', { token: owner.token });
    const response = await harness.t.post(`/v1/logs/${list.body.data[0].id}/retry`, { token: owner.token });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CONFLICT');
  });

  it('When a member without write retries, then 403, and the log said they may not', async () => {
    const reader = await harness.t.createUser();
    await addMember(harness.t.ctx, app.id, reader.id, { canWrite: false });
    const detail = await harness.t.get(`/v1/logs/${failedLogId}`, { token: reader.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.permissions).toEqual({ canWrite: false });
    const listed = await harness.t.get(`/v1/logs?subscriptionId=${badSubscription.id}`, {
      token: reader.token,
    });
    expect(listed.body.data[0].permissions).toEqual({ canWrite: false });
    const asOwner = await harness.t.get(`/v1/logs/${failedLogId}`, { token: owner.token });
    expect(asOwner.body.data.permissions).toEqual({ canWrite: true });
    expect((await harness.t.post(`/v1/logs/${failedLogId}/retry`, { token: reader.token })).status).toBe(403);
  });

  it('When a FAILED log is retried, then it is re-queued and delivered again', async () => {
    isReceiverHealed = true;
    const response = await harness.t.post(`/v1/logs/${failedLogId}/retry`, { token: owner.token });
    expect(response.status).toBe(200);
    const detail = await waitFor(async () => {
      const current = await harness.t.get(`/v1/logs/${failedLogId}`, { token: owner.token });
      return current.body.data.status === 'SUCCESS' ? current.body.data : null;
    });
    expect(detail.attempts.map((a: { httpStatusCode: number }) => a.httpStatusCode)).toEqual([500, 200]);
  });
});

describe('POST /v1/subscriptions/{id}/test', () => {
  it('When testing a subscription, then a sample is sent now, the outcome answered and logged', async () => {
    const response = await harness.t.post(`/v1/subscriptions/${okSubscription.id}/test`, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      httpStatusCode: 200,
      error: null,
      responseBody: 'aceito',
    });
    const detail = await harness.t.get(`/v1/logs/${response.body.deliveryLogId}`, { token: owner.token });
    expect(detail.body.data.status).toBe('SUCCESS');
    expect(detail.body.data.attempts).toHaveLength(1);
  });

  it('When the subscription target fails, then success is false with the status', async () => {
    isReceiverHealed = false;
    const response = await harness.t.post(`/v1/subscriptions/${badSubscription.id}/test`, {
      token: owner.token,
    });
    expect(response.body).toMatchObject({ success: false, httpStatusCode: 500 });
  });

  it('When tests fail 20 times in a row, then the subscription stays ACTIVE: only real deliveries disable it', async () => {
    isReceiverHealed = false;
    const before = await harness.t.get(`/v1/subscriptions/${badSubscription.id}`, { token: owner.token });
    for (let test = 0; test < 21; test++) {
      await harness.t.post(`/v1/subscriptions/${badSubscription.id}/test`, { token: owner.token });
    }
    const after = await harness.t.get(`/v1/subscriptions/${badSubscription.id}`, { token: owner.token });
    expect(after.body.data.status).toBe('ACTIVE');
    // Tests still count as attempts ('Tentativas').
    expect(after.body.data._count.attempts).toBe(before.body.data._count.attempts + 21);
  });

  it('When the user may not edit the subscription, then 403 or 404', async () => {
    const stranger = await harness.t.createUser();
    expect(
      (await harness.t.post(`/v1/subscriptions/${okSubscription.id}/test`, { token: stranger.token })).status,
    ).toBe(404);
  });
});
