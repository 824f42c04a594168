import { ZOperationalEvent } from '@wm/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { endpointCircuits, notifications, operationalEvents, subscriptions } from '../src/db/schema';
import { runRetentionPurge } from '../src/delivery/retention-purge';
import { addMember, insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';
import { createInboundRoute } from './support/ingest-fixtures';
import {
  COOLDOWN_MS,
  endHeldDeliveries,
  failProbesUntilDisabled,
  QUICK_CIRCUIT_SETTINGS,
} from './support/quick-circuit';
import { waitFor } from './support/wait-for';

let isFlakyFailing = true;
const clock = createFakeClock();

const harness = useDeliveryHarness(
  {
    ...QUICK_CIRCUIT_SETTINGS,
    PUBLIC_URL: 'https://console.example.com',
  },
  (request) =>
    request.url.includes('/dead') || (isFlakyFailing && request.url.includes('/flaky'))
      ? { status: 503, body: 'fora do ar' }
      : { status: 200 },
  { clock },
);

/** An owner with an application, a writer of it, a stranger, and a subscription of the owner's at `path`. */
async function startWorld(path: string) {
  const { t, receiver } = harness;
  const owner = await t.createUser();
  const writer = await t.createUser();
  const stranger = await t.createUser();
  const app = await insertApplication(t.ctx, { ownerId: owner.id });
  await addMember(t.ctx, app.id, writer.id, { canWrite: true });
  const event = await insertEvent(t.ctx, app.id);
  const subscription = await insertSubscription(t.ctx, event.id, {
    targetUrl: `${receiver.url}/${path}`,
    createdBy: owner.id,
  });
  const emit = async () => {
    const answer = await t.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { applicationId: app.id, eventType: event.alias, data: { n: 1 } },
    });
    expect(answer.status).toBe(202);
  };
  const circuit = async () => {
    const [row] = await t.ctx.db
      .select()
      .from(endpointCircuits)
      .where(eq(endpointCircuits.subscriptionId, subscription.id));
    return row;
  };
  const status = async () => {
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    return row?.status;
  };
  /** The user's notifications once the job has run (twice: the first may be a run already going). */
  const notices = async (token: string, query = '') => {
    await harness.jobs.runNow('operational_events');
    await harness.jobs.runNow('operational_events');
    return (await t.get(`/v1/notifications${query}`, { token })).body;
  };
  return { t, app, owner, writer, stranger, event, subscription, emit, circuit, status, notices };
}

describe('operational events and notifications', () => {
  it('When a receiver fails until its subscription is disabled, then its owner is told, with the last errors, and nobody else', async () => {
    const { t, owner, writer, stranger, subscription, emit, circuit, status, notices } =
      await startWorld('dead');

    for (let i = 0; i < 3; i++) await emit();
    await waitFor(async () => (await circuit())?.state === 'OPEN', 10_000, 'the circuit to open');
    for (let i = 0; i < 4; i++) await emit();
    await failProbesUntilDisabled({ clock, circuit, isDisabled: async () => (await status()) === 'FAILED' });

    // What it held ends FAILED when its retry comes: one notice for all of them.
    await endHeldDeliveries(t.ctx, clock, subscription.id);
    const mine = await notices(owner.token);
    const types = mine.data.map((notice: { type: string }) => notice.type);
    expect(types).toContain('subscription.disabled');
    expect(types).toContain('subscription.circuit_opened');
    // Its circuit closing for want of anything to send, once disabled, is no news.
    expect(types).not.toContain('subscription.circuit_closed');
    expect(types.filter((type: string) => type === 'delivery.failed')).toHaveLength(1);
    const disabled = mine.data.find((notice: { type: string }) => notice.type === 'subscription.disabled');
    expect(disabled).toMatchObject({
      title: 'Assinatura desativada',
      link: `/subscriptions/${subscription.id}`,
      readAt: null,
    });
    expect(disabled.message).toContain('o circuito ficou aberto');
    expect(disabled.message).toContain('HTTP 503');
    expect(mine.unread).toBe(mine.data.length);

    // The outbox keeps the payload as its schema says, with ids, names, the reason and the link.
    const [stored] = await t.ctx.db
      .select()
      .from(operationalEvents)
      .where(
        and(
          eq(operationalEvents.subscriptionId, subscription.id),
          eq(operationalEvents.type, 'subscription.disabled'),
        ),
      );
    const payload = ZOperationalEvent.parse(stored?.payload);
    expect(payload).toMatchObject({
      type: 'subscription.disabled',
      consoleUrl: `https://console.example.com/subscriptions/${subscription.id}`,
      data: { subscriptionId: subscription.id, reason: 'CIRCUIT_OPEN' },
    });
    if (payload.type !== 'subscription.disabled') throw new Error('not a disable');
    expect(payload.data.lastErrors.length).toBeGreaterThan(0);
    expect(payload.data.lastErrors[0]).toMatchObject({ httpStatusCode: 503 });

    // A subscription's notices are its owner's: not the application's writer's, not a stranger's.
    expect((await notices(writer.token)).data).toEqual([]);
    expect((await notices(stranger.token)).data).toEqual([]);
    expect((await t.post(`/v1/notifications/${disabled.id}/read`, { token: stranger.token })).status).toBe(
      404,
    );

    // Read one, then all.
    const read = await t.post(`/v1/notifications/${disabled.id}/read`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.body.data.readAt).toBe(clock().toISOString());
    const unread = await notices(owner.token, '?unread=true');
    expect(unread.data.map((notice: { id: string }) => notice.id)).not.toContain(disabled.id);
    expect(unread.unread).toBe(mine.unread - 1);
    const all = await t.post('/v1/notifications/read-all', { token: owner.token });
    expect(all.body.data).toEqual({ marked: mine.unread - 1, unread: 0 });
    expect((await notices(owner.token)).unread).toBe(0);

    // The owner enables it again: told too. A repeated run adds nothing.
    expect(
      (
        await t.put(`/v1/subscriptions/${subscription.id}`, {
          token: owner.token,
          body: { status: 'ACTIVE' },
        })
      ).status,
    ).toBe(200);
    const after = await notices(owner.token, '?unread=true');
    expect(after.data.map((notice: { type: string }) => notice.type)).toEqual(['subscription.enabled']);
    expect((await notices(owner.token, '?unread=true')).data).toHaveLength(1);

    const metrics = (await t.get('/metrics', { token: null })).body as string;
    expect(metrics).toContain('webhook_operational_events_total{type="subscription.disabled"} 1');
    expect(metrics).toContain('webhook_operational_events_total{type="subscription.enabled"} 1');
  });

  it('When a circuit opens and then closes, then the owner is told both', async () => {
    isFlakyFailing = true;
    const { owner, emit, circuit, notices } = await startWorld('flaky');
    for (let i = 0; i < 3; i++) await emit();
    await waitFor(async () => (await circuit())?.state === 'OPEN', 10_000, 'the circuit to open');
    await emit();
    isFlakyFailing = false;
    clock.advance(COOLDOWN_MS * 2.5);
    await waitFor(async () => (await circuit())?.state === 'CLOSED', 10_000, 'the circuit to close');
    const types = (await notices(owner.token)).data.map((notice: { type: string }) => notice.type);
    expect(types).toEqual(
      expect.arrayContaining(['subscription.circuit_opened', 'subscription.circuit_closed']),
    );
    expect(types).not.toContain('subscription.disabled');
  });

  it("When a route's sender fails verification again and again, then the application's writers are told once a minute", async () => {
    const { t, app, owner, writer, stranger, notices } = await startWorld('unused');
    const route = await createInboundRoute(t, app.id, {
      verification: { type: 'API_KEY', header: 'X-Chave', value: 'chave-certa-1' },
    });
    const path = new URL(route.ingestUrl).pathname;
    const refuse = async () => {
      const answer = await t.post(path, {
        token: null,
        headers: { 'x-chave': 'errada' },
        body: { type: 'x' },
      });
      expect(answer.status).toBe(401);
    };
    for (let i = 0; i < 3; i++) await refuse();
    const first = await notices(writer.token);
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({
      type: 'ingest.verification_failed',
      title: 'Remetente recusado na rota',
      link: `/routes/${route.id}`,
    });
    expect((await notices(owner.token)).data).toHaveLength(1);
    expect((await notices(stranger.token)).data).toEqual([]);
    const events = await t.ctx.db
      .select()
      .from(operationalEvents)
      .where(eq(operationalEvents.routeId, route.id));
    expect(events).toHaveLength(1);

    // A minute later, another refusal is another event (its notice joins the unread one).
    clock.advance(61_000);
    await refuse();
    const again = await t.ctx.db
      .select()
      .from(operationalEvents)
      .where(eq(operationalEvents.routeId, route.id));
    expect(again).toHaveLength(2);
  });

  it('When the retention period has passed, then processed operational events and their notices are purged', async () => {
    const { t, app, writer, notices } = await startWorld('unused');
    const route = await createInboundRoute(t, app.id, {
      verification: { type: 'API_KEY', header: 'X-Chave', value: 'chave-certa-1' },
    });
    const path = new URL(route.ingestUrl).pathname;
    await t.post(path, { token: null, headers: { 'x-chave': 'errada' }, body: { type: 'x' } });
    expect((await notices(writer.token)).data).toHaveLength(1);

    clock.advance((t.ctx.config.RETENTION_DAYS + 1) * 86_400_000);
    await runRetentionPurge(t.ctx);
    // Read from the table: the session expired with the days gone by.
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, writer.id))).toEqual(
      [],
    );
    const left = await t.ctx.db
      .select()
      .from(operationalEvents)
      .where(eq(operationalEvents.routeId, route.id));
    expect(left).toEqual([]);
  });
});
