import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { openTestDatabase } from './support/test-database';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
});

it('When the database is unreachable, then /metrics still answers with the process series and counters, counts the failed collector and logs one warning per scrape', async () => {
  const logLines: string[] = [];
  testApp = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });
  const healthy = await testApp.get('/metrics', { token: null });
  expect(healthy.status).toBe(200);
  expect(healthy.body).toContain('webhook_deliveries_due{status="PENDING"} 0');

  const closed = await openTestDatabase();
  await closed.close();
  testApp.ctx.database = closed;
  logLines.length = 0;

  const degraded = await testApp.get('/metrics', { token: null });
  expect(degraded.status).toBe(200);
  expect(degraded.body).toContain('process_resident_memory_bytes ');
  expect(degraded.body).toContain('http_requests_total{method="GET",route="/metrics",status="200"} 1');
  expect(degraded.body).toContain('webhook_metrics_collect_errors_total 1');
  // A gauge read from the database is left out rather than shown with its last, stale value.
  expect(degraded.body).not.toContain('webhook_deliveries_due');

  await testApp.get('/metrics', { token: null });
  const warnings = logLines.map((line) => JSON.parse(line)).filter((line) => line.level === 40);
  expect(warnings).toHaveLength(2);
  expect(warnings[0].msg).toMatch(/metrics/);
  expect(warnings[0].err.message).toBeTruthy();
});
