import { describe, expect, it } from 'vitest';
import { prepareLogPartitions, runRetentionPurge } from '../src/delivery/retention-purge';
import { insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useDeliveryHarness } from './support/delivery-harness';
import { createFakeClock } from './support/fake-clock';
import { waitFor } from './support/wait-for';

const DAY_MS = 86_400_000;
// 10:00 UTC of a day: a day's emits stay inside its partition however the test moves the clock.
const clock = createFakeClock(Math.floor(Date.now() / DAY_MS) * DAY_MS + 10 * 3_600_000);
let isDownAnswering500 = true;

const harness = useDeliveryHarness(
  {
    RETENTION_DAYS: '2',
    // The test's clock runs over ten days: the admin's session must outlive them.
    SESSION_TTL_HOURS: '1000',
    // One retry a day: the delivery to /down is still RETRYING when its day expires.
    DELIVERY_RETRY_DELAYS_MS: String(4 * DAY_MS),
    DELIVERY_POLL_MS: '20',
    DELIVERY_CIRCUIT_FAILURES: '1000',
  },
  (request) => ({ status: request.url === '/down' && isDownAnswering500 ? 500 : 200 }),
  { clock },
);

const emit = (alias: string, n: number) =>
  harness.t.post('/v1/events/emit', {
    token: null,
    headers: { 'x-api-key': harness.app.apiKey },
    body: { eventType: alias, applicationId: harness.app.id, data: { n } },
  });

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

async function partitionsOf(table: string): Promise<string[]> {
  const rows = await harness.t.ctx.database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY 1`,
    [table],
  );
  return rows.map((row) => row.name);
}

async function logsOf(query: string) {
  const res = await harness.t.get(`/v1/logs?limit=100&${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    data: { id: string; status: string; occurrenceId: string }[];
    pagination: { total: number };
    stats: Record<string, number>;
  };
}

describe('retention purge', () => {
  it('When days expire, then their final logs go with their partitions, an unfinished delivery stays with its occurrence and attempts, and lists and counters agree', async () => {
    const { ctx } = harness.t;
    const ok = await insertEvent(ctx, harness.app.id, { alias: 'ok.event' });
    const okSubscription = await insertSubscription(ctx, ok.id, { targetUrl: `${harness.receiver.url}/ok` });
    const down = await insertEvent(ctx, harness.app.id, { alias: 'down.event' });
    await insertSubscription(ctx, down.id, { targetUrl: `${harness.receiver.url}/down` });
    const day0 = Math.floor(clock().getTime() / DAY_MS) * DAY_MS;

    // Day 0: three delivered, one failing and retried (in 4 days).
    for (let n = 0; n < 3; n++) expect((await emit('ok.event', n)).status).toBe(202);
    expect((await emit('down.event', 99)).status).toBe(202);
    await waitFor(async () => ((await logsOf('')).stats.SUCCESS === 3 ? true : null), 10_000, 'day 0 sent');
    const retrying = await waitFor(
      async () => (await logsOf('status=RETRYING')).data[0] ?? null,
      10_000,
      'the failing delivery to be RETRYING',
    );

    // Days 1 and 2: the purge runs each morning (as the worker role does every hour), two emits a day.
    for (let day = 1; day <= 2; day++) {
      clock.set(day0 + day * DAY_MS + 3_600_000);
      await runRetentionPurge(ctx);
      clock.set(day0 + day * DAY_MS + 10 * 3_600_000);
      for (let n = 0; n < 2; n++) expect((await emit('ok.event', day * 10 + n)).status).toBe(202);
      await waitFor(
        async () => ((await logsOf('status=SUCCESS')).pagination.total === 3 + day * 2 ? true : null),
        10_000,
        `day ${day} sent`,
      );
    }
    expect(await partitionsOf('delivery_logs')).toContain(`delivery_logs_p${dayOf(day0)}`);

    // Day 3: day 0 ended more than 2 days ago: its partitions go, day 1 stays.
    clock.set(day0 + 3 * DAY_MS + 3_600_000);
    const report = await runRetentionPurge(ctx);
    for (const table of ['occurrences', 'delivery_logs', 'delivery_attempts', 'event_logs']) {
      const names = await partitionsOf(table);
      expect(names).not.toContain(`${table}_p${dayOf(day0)}`);
      expect(names).toContain(`${table}_p${dayOf(day0 + DAY_MS)}`);
      expect(names).toContain(`${table}_kept`);
    }
    expect(report.kept).toBeGreaterThanOrEqual(3); // the log, its occurrence and its attempt

    // Left: days 1 and 2 (4 SUCCESS) and the RETRYING one, with consistent totals and counters.
    const all = await logsOf('');
    expect(all.pagination.total).toBe(5);
    expect(all.data.map((log) => log.status).sort()).toEqual([
      'RETRYING',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
    ]);
    expect(all.stats).toMatchObject({ SUCCESS: 4, RETRYING: 1, PENDING: 0, FAILED: 0 });
    const okLogs = await logsOf(`subscriptionId=${okSubscription.id}`);
    expect(okLogs.pagination.total).toBe(4);
    const detail = await harness.t.get(`/v1/logs/${retrying.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.status).toBe('RETRYING');
    expect(detail.body.data.attempts).toHaveLength(1);
    expect(JSON.stringify(detail.body.data)).toContain('99');

    // The per-minute figures of the expired days are gone too.
    const [figures] = await ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM delivery_stats_minutes WHERE minute < $1::timestamptz',
      [new Date(day0 + DAY_MS).toISOString()],
    );
    expect(figures?.n).toBe(0);

    clock.set(day0 + 3 * DAY_MS + 10 * 3_600_000);
    for (let n = 0; n < 2; n++) expect((await emit('ok.event', 30 + n)).status).toBe(202);

    // The receiver is back: the kept delivery is sent when due (4 days ±20 % after its first try),
    // then expires like any other.
    isDownAnswering500 = false;
    clock.set(day0 + 5 * DAY_MS + 6 * 3_600_000);
    await prepareLogPartitions(ctx);
    await waitFor(
      async () =>
        (await harness.t.get(`/v1/logs/${retrying.id}`)).body.data.status === 'SUCCESS' ? true : null,
      10_000,
      'the kept delivery to be sent',
    );
    expect((await harness.t.get(`/v1/logs/${retrying.id}`)).body.data.attempts).toHaveLength(2);
    for (let n = 0; n < 2; n++) expect((await emit('ok.event', 50 + n)).status).toBe(202);
    await waitFor(
      async () => ((await logsOf('status=SUCCESS')).stats.SUCCESS === 9 ? true : null),
      10_000,
      'day 5 sent',
    );
    clock.set(day0 + 6 * DAY_MS + 3_600_000);
    await runRetentionPurge(ctx);
    expect((await harness.t.get(`/v1/logs/${retrying.id}`)).status).toBe(404);
    const left = await logsOf('');
    expect(left.pagination.total).toBe(2);
    expect(left.stats).toMatchObject({ SUCCESS: 2, RETRYING: 0, PENDING: 0 });
  });

  it('When the purge runs during a steady emit load, then no emit fails or is lost and every delivery arrives', async () => {
    const { ctx } = harness.t;
    const day0 = Math.floor(clock().getTime() / DAY_MS) * DAY_MS + DAY_MS;
    clock.set(day0 + 10 * 3_600_000);
    await prepareLogPartitions(ctx);
    const before = harness.receiver.requests.filter((r) => r.url === '/ok').length;
    const succeededBefore = (await logsOf('status=SUCCESS')).stats.SUCCESS ?? 0;
    for (let n = 0; n < 10; n++) expect((await emit('ok.event', 500 + n)).status).toBe(202);
    // Recorded, not only sent: a send whose result is still unrecorded when the clock jumps days
    // ahead would see its lease expire and go out again.
    await waitFor(
      async () =>
        ((await logsOf('status=SUCCESS')).stats.SUCCESS ?? 0) >= succeededBefore + 10 ? true : null,
      10_000,
      'the day to be sent and recorded',
    );
    // Three days later the day above has expired: emits keep coming while it is dropped.
    clock.set(day0 + 3 * DAY_MS + 3_600_000);
    await prepareLogPartitions(ctx);
    const emits: Promise<{ status: number }>[] = [];
    let isPurging = true;
    const load = (async () => {
      for (let n = 0; isPurging || n < 40; n++) {
        emits.push(emit('ok.event', 1000 + n));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const report = await runRetentionPurge(ctx);
    isPurging = false;
    await load;
    const answers = await Promise.all(emits);
    expect(answers.filter((answer) => answer.status !== 202)).toEqual([]);
    // A partition whose lock was not granted within 100 ms waits for the next run, which a quiet
    // moment lets through.
    expect([...report.dropped, ...report.busy]).toContain(`delivery_logs_p${dayOf(day0)}`);
    await runRetentionPurge(ctx);
    for (const table of ['occurrences', 'delivery_logs', 'delivery_attempts', 'event_logs']) {
      expect(await partitionsOf(table)).not.toContain(`${table}_p${dayOf(day0)}`);
    }
    const expected = before + 10 + answers.length;
    await waitFor(
      () => (harness.receiver.requests.filter((r) => r.url === '/ok').length >= expected ? true : null),
      15_000,
      'every delivery to arrive',
    );
    const sent = harness.receiver.requests.filter((r) => r.url === '/ok').slice(before);
    expect(new Set(sent.map((r) => r.headers['webhook-id'])).size).toBe(10 + answers.length);
    // Their results are recorded just after the receiver answers.
    await waitFor(
      async () => (((await logsOf('status=SUCCESS')).stats.SUCCESS ?? 0) >= answers.length ? true : null),
      10_000,
      'the results to be recorded',
    );
  });

  it('When a disabled subscription skipped an event and its day expires, then the skip record goes with the day', async () => {
    const { ctx } = harness.t;
    const day = Math.floor(clock().getTime() / DAY_MS) * DAY_MS + DAY_MS;
    clock.set(day + 10 * 3_600_000);
    await prepareLogPartitions(ctx);
    const event = await insertEvent(ctx, harness.app.id, { alias: 'skipped.event' });
    const subscription = await insertSubscription(ctx, event.id, {
      status: 'FAILED',
      disabledReason: 'CIRCUIT_OPEN',
      targetUrl: `${harness.receiver.url}/ok`,
    });
    expect((await emit('skipped.event', 1)).status).toBe(202);
    expect((await logsOf(`subscriptionId=${subscription.id}`)).data.map((log) => log.status)).toEqual([
      'IGNORED',
    ]);

    // Past the two days of retention, the morning purge drops the day with its skip record.
    clock.set(day + 3 * DAY_MS + 3_600_000);
    await prepareLogPartitions(ctx);
    await runRetentionPurge(ctx);
    expect((await logsOf(`subscriptionId=${subscription.id}`)).pagination.total).toBe(0);
  });
});
