import { describe, expect, it } from 'vitest';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useSplitRoles } from './support/split-roles';
import { waitFor } from './support/wait-for';

// PostgreSQL only (see vitest.config.ts): only a server has a listening connection that can drop.
const suite = useSplitRoles();

const listeners = async () =>
  suite
    .roles()
    .api.ctx.database.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );

describe('the worker listening for due deliveries', () => {
  it('When its listening connection is killed, then it listens again and the next emit still arrives at once', async () => {
    const { api } = suite.roles();
    const receiver = suite.receiver();
    const app = await insertApplication(api.ctx);
    const event = await insertEvent(api.ctx, app.id);
    await insertSubscription(api.ctx, event.id, { targetUrl: `${receiver.url}/again` });
    const [listener] = await listeners();
    expect(listener).toBeDefined();
    await api.ctx.database.query('SELECT pg_terminate_backend($1)', [listener?.pid]);
    await waitFor(
      async () => (await listeners()).some((current) => current.pid !== listener?.pid),
      5_000,
      'a new listener',
    );

    const answer = await api.post('/v1/events/emit', {
      token: null,
      headers: { 'x-api-key': app.apiKey },
      body: { eventType: event.alias, applicationId: app.id, data: { n: 3 } },
    });

    expect(answer.status).toBe(202);
    await waitFor(() => receiver.requests.length === 1, 5_000, 'the delivery after listening again');
    expect(receiver.requests[0]?.url).toBe('/again');
  });
});
