import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
});

it('When requests carry secrets in the query string, then the request log keeps the path and drops the query', async () => {
  const logLines: string[] = [];
  testApp = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });

  const listed = await testApp.get('/v1/logs?search=query-search-secret&page=1');
  expect(listed.status).toBe(200);
  await testApp.post('/v1/events/emit?apiKey=query-api-key-secret', { token: null, body: {} });
  await testApp.get('/v1/nowhere?token=query-token-secret', { token: null });

  const log = logLines.join('\n');
  for (const secret of ['query-search-secret', 'query-api-key-secret', 'query-token-secret']) {
    expect(log).not.toContain(secret);
  }
  const urls = logLines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
  expect(urls).toEqual(expect.arrayContaining(['/v1/logs', '/v1/events/emit', '/v1/nowhere']));
  const incoming = logLines.map((line) => JSON.parse(line)).find((line) => line.req?.url === '/v1/logs');
  expect(incoming.req.method).toBe('GET');
});
