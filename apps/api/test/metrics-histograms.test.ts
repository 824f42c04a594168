import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveryAttempts, deliveryLogs } from '../src/db/schema';
import { insertEvent, insertSubscription } from './support/delivery-fixtures';
import { samplesOf, scrapeMetrics, totalOf } from './support/prometheus-scrape';
import { queueBackend } from './support/test-queue';
import { emitWith, settleOccurrence, useWorkersHarness } from './support/workers-harness';

// /flaky answers 500 to the first request of each delivery (same webhook-id on every attempt), then 200.
const failedOnce = new Set<string>();
const harness = useWorkersHarness({ DELIVERY_RETRY_DELAYS_MS: '20' }, (request) => {
  if (request.url === '/gone') return { status: 410 };
  const webhookId = String(request.headers['webhook-id']);
  if (request.url === '/flaky' && !failedOnce.has(webhookId)) {
    failedOnce.add(webhookId);
    return { status: 500 };
  }
  return {};
});
const emit = emitWith(harness);

const DASHBOARD = resolve(import.meta.dirname, '../../../deploy/grafana/webhook-manager.json');
type Dashboard = {
  panels: Array<{ targets?: Array<{ expr: string }> }>;
  templating: { list: Array<{ definition: string }> };
};

it(`When deliveries were made (immediate and on the ${queueBackend} queue), then /metrics parses as Prometheus text and its histograms count exactly those attempts`, async () => {
  const { t, receiver } = harness;
  const immediate = await insertEvent(t.ctx, harness.app.id);
  await insertSubscription(t.ctx, immediate.id, { targetUrl: `${receiver.url}/ok` });
  await insertSubscription(t.ctx, immediate.id, { targetUrl: `${receiver.url}/flaky` });
  const gone = await insertEvent(t.ctx, harness.app.id);
  await insertSubscription(t.ctx, gone.id, { targetUrl: `${receiver.url}/gone` });
  const queued = await insertEvent(t.ctx, harness.app.id, { queueType: 'RABBITMQ', delayBetweenSends: 0 });
  await insertSubscription(t.ctx, queued.id, { targetUrl: `${receiver.url}/ok` });
  const before = await scrapeMetrics(t);

  const occurrenceIds: string[] = [];
  const emitAndSettle = async (alias: string, deliveries: number) => {
    const answer = await emit({ eventType: alias });
    expect(answer.status).toBe(202);
    occurrenceIds.push(answer.body.occurrenceId);
    await settleOccurrence(harness, answer.body.occurrenceId, deliveries);
  };
  for (let n = 0; n < 3; n++) await emitAndSettle(immediate.alias, 2);
  await emitAndSettle(gone.alias, 1);
  for (let n = 0; n < 2; n++) await emitAndSettle(queued.alias, 1);
  const after = await scrapeMetrics(t);
  const added = (name: string, labels: Record<string, string> = {}) =>
    totalOf(after, name, labels) - totalOf(before, name, labels);

  // 3 × (/ok, then /flaky's 500 and its retry) + 1 × /gone (410: FAILED at once) + 2 queued × /ok.
  const expected = { SUCCESS: 8, RETRYING: 3, FAILED: 1 };
  for (const [status, count] of Object.entries(expected)) {
    expect(added('webhook_delivery_attempt_seconds_count', { status }), status).toBe(count);
    expect(added('webhook_delivery_attempts_total', { status }), status).toBe(count);
  }
  const [recorded] = await t.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryAttempts)
    .innerJoin(deliveryLogs, eq(deliveryLogs.id, deliveryAttempts.deliveryLogId))
    .where(inArray(deliveryLogs.occurrenceId, occurrenceIds));
  expect(recorded?.n).toBe(12);

  // Emit to final status: once per delivery, never for an attempt that will be retried.
  expect(added('webhook_delivery_latency_seconds_count', { status: 'SUCCESS' })).toBe(8);
  expect(added('webhook_delivery_latency_seconds_count', { status: 'FAILED' })).toBe(1);
  expect(samplesOf(after, 'webhook_delivery_latency_seconds_count', { status: 'RETRYING' })).toEqual([]);

  // Cumulative buckets, the last (+Inf) equal to the count.
  for (const [name, status] of [
    ['webhook_delivery_attempt_seconds', 'SUCCESS'],
    ['webhook_delivery_latency_seconds', 'FAILED'],
  ] as const) {
    expect(after.types.get(name)).toBe('HISTOGRAM');
    const buckets = samplesOf(after, `${name}_bucket`, { status });
    const counts = buckets.map((bucket) => Number(bucket.value));
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.at(-1)?.labels.le).toBe('+Inf');
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(totalOf(after, `${name}_count`, { status }));
  }

  expect(added('webhook_queue_lag_seconds_count', { backend: queueBackend })).toBe(2);
  expect(added('webhook_queue_messages_total', { kind: 'event-log', outcome: 'ack' })).toBe(2);
  expect(samplesOf(after, 'webhook_queue_messages_ready', { backend: queueBackend })).toHaveLength(1);
  expect(
    samplesOf(after, 'webhook_deliveries_due')
      .map((sample) => sample.labels?.status)
      .sort(),
  ).toEqual(['PENDING', 'RETRYING']);

  // Requests by route template, never the raw URL (which carries ids).
  expect(added('http_request_duration_seconds_count', { route: '/v1/events/emit', status: '202' })).toBe(6);
  const routes = samplesOf(after, 'http_request_duration_seconds_count').map((sample) => sample.labels.route);
  expect(routes.filter((route) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(String(route)))).toEqual([]);

  // prom-client's process and event-loop metrics.
  for (const name of [
    'process_resident_memory_bytes',
    'process_cpu_seconds_total',
    'nodejs_eventloop_lag_p99_seconds',
  ]) {
    expect(after.types.has(name), name).toBe(true);
  }
});

it('When a few deliveries were made, then every metric the Grafana dashboard queries is in /metrics', async () => {
  const { t, receiver } = harness;
  const immediate = await insertEvent(t.ctx, harness.app.id);
  await insertSubscription(t.ctx, immediate.id, { targetUrl: `${receiver.url}/ok` });
  const queued = await insertEvent(t.ctx, harness.app.id, { queueType: 'RABBITMQ', delayBetweenSends: 0 });
  await insertSubscription(t.ctx, queued.id, { targetUrl: `${receiver.url}/ok` });
  for (const alias of [immediate.alias, queued.alias]) {
    const answer = await emit({ eventType: alias });
    await settleOccurrence(harness, answer.body.occurrenceId, 1);
  }
  const scrape = await scrapeMetrics(t);

  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
  const queries = [
    ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
    ...dashboard.templating.list.map((variable) => variable.definition),
  ];
  // A metric is named before its label selector, or first in label_values().
  const names = new Set(
    queries.flatMap((query) =>
      [...query.matchAll(/([a-z_:][a-z0-9_:]*)\{|label_values\(([a-z_:][a-z0-9_:]*)/g)].map(
        (match) => match[1] ?? match[2],
      ),
    ),
  );
  expect(names.size).toBeGreaterThan(10);
  const missing = [...names].filter((name) => samplesOf(scrape, String(name)).length === 0);
  expect(missing).toEqual([]);
});

describe('before the first queued message', () => {
  const idle = useWorkersHarness({});

  it(`When the ${queueBackend} queue consumer started and has handled nothing yet, then /metrics shows its message counts and lag at zero for every kind and outcome`, async () => {
    const scrape = await scrapeMetrics(idle.t);

    for (const kind of ['event-log', 'run-rules']) {
      for (const outcome of ['ack', 'retry', 'defer', 'expired', 'error']) {
        const series = samplesOf(scrape, 'webhook_queue_messages_total', { kind, outcome });
        expect(
          series.map((sample) => Number(sample.value)),
          `${kind} ${outcome}`,
        ).toEqual([0]);
      }
    }
    expect(samplesOf(scrape, 'webhook_queue_lag_seconds_count', { backend: queueBackend })).toEqual([
      { value: '0', labels: { backend: queueBackend } },
    ]);
    const buckets = samplesOf(scrape, 'webhook_queue_lag_seconds_bucket', { backend: queueBackend });
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.every((bucket) => bucket.value === '0')).toBe(true);
  });
});
