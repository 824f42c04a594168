import { ZOperationalEvent } from '@wm/contracts';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { OPERATIONAL_APPLICATION_ID } from '../src/db/operational-system';
import { endpointCircuits, operationalEvents, subscriptions } from '../src/db/schema';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';
import { endHeldDeliveries, failProbesUntilDisabled, QUICK_CIRCUIT_SETTINGS } from './support/quick-circuit';
import { waitFor } from './support/wait-for';

const clock = createFakeClock();

const harness = useDeliveryHarness(
  { ...QUICK_CIRCUIT_SETTINGS, PUBLIC_URL: 'https://console.example.com' },
  (request) => (request.url.includes('/dead') ? { status: 503, body: 'fora do ar' } : { status: 200 }),
  { clock },
);

/** Verified as a receiver would, at the time on the fake clock that signed it. */
function verifyAtClockTime(secret: string, request: { body: string; headers: Record<string, unknown> }) {
  vi.useFakeTimers({ toFake: ['Date'], now: clock() });
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as unknown;
  } finally {
    vi.useRealTimers();
  }
}

const requestsTo = (path: string) => harness.receiver.requests.filter((request) => request.url === path);

describe('operational webhooks', () => {
  it('When a receiver fails until its subscription is disabled, then the owner’s and the application’s endpoints get it signed, and no other user’s', async () => {
    const { t, receiver, jobs } = harness;
    const owner = await t.createUser();
    const stranger = await t.createUser();
    const app = await insertApplication(t.ctx, { ownerId: owner.id });
    const event = await insertEvent(t.ctx, app.id);
    const subscription = await insertSubscription(t.ctx, event.id, {
      targetUrl: `${receiver.url}/dead`,
      createdBy: owner.id,
    });
    const register = async (token: string, path: string, eventTypes?: string[], applicationId?: string) => {
      const answer = await t.post('/v1/operational-endpoints', {
        token,
        body: { url: `${receiver.url}${path}`, ...(eventTypes ? { eventTypes } : {}), applicationId },
      });
      expect(answer.status).toBe(201);
      return answer.body.data as { id: string; secret: string };
    };
    const good = await register(owner.token, '/ops-good', ['subscription.disabled']);
    const failing = await register(owner.token, '/dead-ops');
    await register(stranger.token, '/ops-stranger');
    const ofApplication = await register(owner.token, '/ops-app', ['subscription.disabled'], app.id);

    const emit = async () => {
      const answer = await t.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { applicationId: app.id, eventType: event.alias, data: { n: 1 } },
      });
      expect(answer.status).toBe(202);
    };
    const circuitOf = async (subscriptionId: string) => {
      const [row] = await t.ctx.db
        .select()
        .from(endpointCircuits)
        .where(eq(endpointCircuits.subscriptionId, subscriptionId));
      return row;
    };
    const statusOf = async (subscriptionId: string) => {
      const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      return row?.status;
    };
    const runJob = async () => {
      await jobs.runNow('operational_events');
      await jobs.runNow('operational_events');
    };

    for (let i = 0; i < 3; i++) await emit();
    await waitFor(async () => (await circuitOf(subscription.id))?.state === 'OPEN', 10_000, 'the circuit');
    for (let i = 0; i < 4; i++) await emit();
    await failProbesUntilDisabled({
      clock,
      circuit: () => circuitOf(subscription.id),
      isDisabled: async () => (await statusOf(subscription.id)) === 'FAILED',
    });
    await endHeldDeliveries(t.ctx, clock, subscription.id);
    await runJob();
    await waitFor(async () => requestsTo('/ops-good').length > 0, 10_000, 'the operational webhook');

    // Only the type it asked for, once, signed with its own secret.
    const received = requestsTo('/ops-good');
    expect(received).toHaveLength(1);
    const [request] = received;
    if (!request) throw new Error('no request');
    const payload = ZOperationalEvent.parse(verifyAtClockTime(good.secret, request));
    expect(payload).toMatchObject({
      type: 'subscription.disabled',
      consoleUrl: `https://console.example.com/subscriptions/${subscription.id}`,
      data: { subscriptionId: subscription.id, reason: 'CIRCUIT_OPEN' },
    });
    expect(() => verifyAtClockTime(failing.secret, request)).toThrow();

    // The application's endpoint gets it too, signed with its own secret.
    await waitFor(async () => requestsTo('/ops-app').length > 0, 10_000, "the application's endpoint");
    const [toApplication] = requestsTo('/ops-app');
    if (!toApplication) throw new Error('no request');
    expect(ZOperationalEvent.parse(verifyAtClockTime(ofApplication.secret, toApplication)).type).toBe(
      'subscription.disabled',
    );
    expect(requestsTo('/ops-app')).toHaveLength(1);

    // Another user's endpoint never hears of it.
    expect(requestsTo('/ops-stranger')).toEqual([]);

    // The failing endpoint was tried (every type), and its failures are no operational events.
    await waitFor(
      async () => requestsTo('/dead-ops').length >= 3,
      10_000,
      'the failing endpoint to be tried',
    );
    await waitFor(async () => (await circuitOf(failing.id))?.state === 'OPEN', 10_000, 'its circuit');
    clock.advance(24 * 3_600_000);
    await runJob();
    const aboutItself = await t.ctx.db
      .select()
      .from(operationalEvents)
      .where(eq(operationalEvents.subscriptionId, failing.id));
    expect(aboutItself).toEqual([]);

    // Internal subscriptions, their logs and the system application are nobody's to list or count,
    // not the endpoint owner's, not an admin's.
    const admin = await t.createUser({ isAdmin: true });
    for (const token of [owner.token, admin.token]) {
      for (const path of ['/v1/subscriptions', '/v1/logs', '/v1/applications']) {
        const listed = await t.get(`${path}?limit=100`, { token });
        expect(listed.status).toBe(200);
        const text = JSON.stringify(listed.body);
        expect(text).not.toContain(failing.id);
        expect(text).not.toContain(OPERATIONAL_APPLICATION_ID);
      }
      expect((await t.get(`/v1/subscriptions/${failing.id}`, { token })).status).toBe(404);
    }
    const stats = await t.get('/v1/auth/me/stats', { token: admin.token });
    const visible = await t.ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.isOperational, false));
    expect(JSON.stringify(stats.body)).toContain(`"subscriptions":${visible.length}`);
  });
});
