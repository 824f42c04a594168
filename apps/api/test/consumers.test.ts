import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryLogs } from '../src/db/schema';
import { addMember, insertApplication, insertEvent, type Receiver } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import type { TestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

const harness = useDeliveryHarness({ ALLOW_PRIVATE_TARGETS: 'true', DELIVERY_POLL_MS: '20' });
const h = {} as Awaited<ReturnType<typeof seed>> & { t: TestApp; receiver: Receiver };

async function seed(t: TestApp) {
  const owner = await t.createUser({ name: 'dona' });
  const writer = await t.createUser({ name: 'escritor' });
  const reader = await t.createUser({ name: 'leitor' });
  const app = await insertApplication(t.ctx, { ownerId: owner.id });
  await addMember(t.ctx, app.id, writer.id, { canWrite: true });
  await addMember(t.ctx, app.id, reader.id, {});
  const event = await insertEvent(t.ctx, app.id, { alias: 'pedido.criado' });
  const other = await insertApplication(t.ctx, { ownerId: owner.id });
  const otherEvent = await insertEvent(t.ctx, other.id, { alias: 'outro.evento' });
  return { owner, writer, reader, app, event, other, otherEvent };
}

beforeAll(async () => {
  Object.assign(h, { t: harness.t, receiver: harness.receiver }, await seed(harness.t));
});

const byKey = (apiKey: string) => ({ token: null, headers: { 'x-api-key': apiKey } });
const body = (eventId: string, targetUrl = 'https://example.com/hook') => ({
  eventId,
  name: 'Do cliente',
  targetUrl,
  jsonBody: { pedido: '{{data.n}}' },
});

describe('consumer subscriptions', () => {
  it('When the API key creates a consumer subscription, then it lists under the consumer with its id', async () => {
    const { t, app, event } = h;
    const created = await t.post(`/v1/applications/${app.id}/consumers/cliente-1/subscriptions`, {
      ...byKey(app.apiKey),
      body: body(event.id),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ consumerId: 'cliente-1', eventId: event.id });
    expect(created.body.data.secret).toMatch(/^whsec_/);

    const listed = await t.get(
      `/v1/applications/${app.id}/consumers/cliente-1/subscriptions`,
      byKey(app.apiKey),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((item: { id: string }) => item.id)).toEqual([created.body.data.id]);
    const others = await t.get(
      `/v1/applications/${app.id}/consumers/cliente-2/subscriptions`,
      byKey(app.apiKey),
    );
    expect(others.body.data).toEqual([]);
  });

  it('When a writer creates one, then it counts in the consumers list and the reader is refused', async () => {
    const { t, app, event, writer, reader } = h;
    const created = await t.post(`/v1/applications/${app.id}/consumers/cliente:9/subscriptions`, {
      token: writer.token,
      body: body(event.id),
    });
    expect(created.status).toBe(201);
    const consumers = await t.get(`/v1/applications/${app.id}/consumers?search=cliente`, {
      token: writer.token,
    });
    expect(consumers.status).toBe(200);
    expect(consumers.body.data).toContainEqual({
      consumerId: 'cliente:9',
      subscriptionCount: 1,
      openCircuits: 0,
    });
    expect(consumers.body.pagination).toMatchObject({ page: 1, total: consumers.body.data.length });
    const refused = await t.get(`/v1/applications/${app.id}/consumers/cliente:9/subscriptions`, {
      token: reader.token,
    });
    expect(refused.status).toBe(403);
  });

  it("When the event is another application's, then the create answers 404", async () => {
    const { t, app, otherEvent } = h;
    const answer = await t.post(`/v1/applications/${app.id}/consumers/cliente-1/subscriptions`, {
      ...byKey(app.apiKey),
      body: body(otherEvent.id),
    });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('NOT_FOUND');
  });

  it("When another application's key or an outsider asks, then it is refused", async () => {
    const { t, app, other } = h;
    const withOtherKey = await t.get(`/v1/applications/${app.id}/consumers`, byKey(other.apiKey));
    expect(withOtherKey.status).toBe(403);
    const stranger = await t.createUser();
    const outsider = await t.get(`/v1/applications/${app.id}/consumers`, { token: stranger.token });
    expect(outsider.status).toBe(404);
    const nobody = await t.get(`/v1/applications/${app.id}/consumers`, { token: null });
    expect(nobody.status).toBe(401);
  });

  it('When the consumer id has a forbidden character, then the answer is 400 in pt-BR', async () => {
    const { t, app, event } = h;
    const answer = await t.post(`/v1/applications/${app.id}/consumers/cliente%20um/subscriptions`, {
      ...byKey(app.apiKey),
      body: body(event.id),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('consumidor');
  });

  it('When the application emits, then the consumer subscription is delivered like any other', async () => {
    const { t, app, event, receiver } = h;
    const created = await t.post(`/v1/applications/${app.id}/consumers/entrega/subscriptions`, {
      ...byKey(app.apiKey),
      body: body(event.id, `${receiver.url}/consumer`),
    });
    expect(created.status).toBe(201);
    const emitted = await t.post('/v1/events/emit', {
      ...byKey(app.apiKey),
      body: { applicationId: app.id, eventType: event.alias, data: { n: 1 } },
    });
    expect(emitted.status).toBe(202);
    const subscriptionId = created.body.data.id as string;
    await waitFor(async () => {
      const [log] = await t.ctx.db
        .select({ status: deliveryLogs.status })
        .from(deliveryLogs)
        .where(eq(deliveryLogs.subscriptionId, subscriptionId));
      return log?.status === 'SUCCESS';
    });
    expect(receiver.requests.some((request) => request.url === '/consumer')).toBe(true);
  });

  it('When the API key edits and then deletes a consumer subscription, then the consumer sees both', async () => {
    const { t, app, event } = h;
    const base = `/v1/applications/${app.id}/consumers/editado/subscriptions`;
    const created = await t.post(base, { ...byKey(app.apiKey), body: body(event.id) });
    const id = created.body.data.id as string;
    const edited = await t.patch(`${base}/${id}`, { ...byKey(app.apiKey), body: { name: 'Renomeada' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id, name: 'Renomeada', consumerId: 'editado' });
    expect(edited.body.data.targetUrl).toBe('https://example.com/hook');

    const removed = await t.del(`${base}/${id}`, byKey(app.apiKey));
    expect(removed.status).toBe(204);
    const listed = await t.get(base, byKey(app.apiKey));
    expect(listed.body.data).toEqual([]);
  });

  it("When a writer edits another consumer's subscription through this one, then it answers 404 and changes nothing", async () => {
    const { t, app, event, writer, reader } = h;
    const created = await t.post(`/v1/applications/${app.id}/consumers/dono-a/subscriptions`, {
      ...byKey(app.apiKey),
      body: body(event.id),
    });
    const id = created.body.data.id as string;
    const wrongConsumer = `/v1/applications/${app.id}/consumers/dono-b/subscriptions/${id}`;
    const edited = await t.patch(wrongConsumer, { token: writer.token, body: { name: 'Tomada' } });
    expect(edited.status).toBe(404);
    expect(edited.body.code).toBe('NOT_FOUND');
    const deleted = await t.del(wrongConsumer, { token: writer.token });
    expect(deleted.status).toBe(404);

    const own = `/v1/applications/${app.id}/consumers/dono-a/subscriptions/${id}`;
    const byReader = await t.del(own, { token: reader.token });
    expect(byReader.status).toBe(403);
    const byWriter = await t.patch(own, { token: writer.token, body: { status: 'INACTIVE' } });
    expect(byWriter.status).toBe(200);
    expect(byWriter.body.data).toMatchObject({ name: 'Do cliente', status: 'INACTIVE' });
  });

  it('When the key of another application edits the subscription, then it is refused and nothing changes', async () => {
    const { t, app, other, event } = h;
    const created = await t.post(`/v1/applications/${app.id}/consumers/alheio/subscriptions`, {
      ...byKey(app.apiKey),
      body: body(event.id),
    });
    const id = created.body.data.id as string;
    const viaOther = await t.patch(`/v1/applications/${other.id}/consumers/alheio/subscriptions/${id}`, {
      ...byKey(other.apiKey),
      body: { name: 'Tomada' },
    });
    expect(viaOther.status).toBe(404);
    const badBody = await t.patch(`/v1/applications/${app.id}/consumers/alheio/subscriptions/${id}`, {
      ...byKey(app.apiKey),
      body: { targetUrl: 'não é url' },
    });
    expect(badBody.status).toBe(400);
    const listed = await t.get(
      `/v1/applications/${app.id}/consumers/alheio/subscriptions`,
      byKey(app.apiKey),
    );
    expect(listed.body.data[0]).toMatchObject({ name: 'Do cliente', targetUrl: 'https://example.com/hook' });
  });

  it("When a writer filters the console's list by consumer, then only that consumer's subscriptions show, with its id", async () => {
    const { t, app, event, writer } = h;
    const base = `/v1/applications/${app.id}/consumers`;
    const mine = await t.post(`${base}/filtro-a/subscriptions`, {
      ...byKey(app.apiKey),
      body: body(event.id),
    });
    await t.post(`${base}/filtro-b/subscriptions`, { ...byKey(app.apiKey), body: body(event.id) });
    const listed = await t.get(`/v1/subscriptions?applicationId=${app.id}&consumerId=filtro-a&limit=100`, {
      token: writer.token,
    });
    expect(listed.status).toBe(200);
    expect(
      listed.body.data.map((item: { id: string; consumerId: string }) => [item.id, item.consumerId]),
    ).toEqual([[mine.body.data.id, 'filtro-a']]);
    const bad = await t.get('/v1/subscriptions?consumerId=com%20espa%C3%A7o', { token: writer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Consumidor');
  });
});
