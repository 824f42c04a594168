import { describe, expect, it } from 'vitest';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { useSplitRoles } from './support/split-roles';
import { waitFor } from './support/wait-for';

const suite = useSplitRoles();

describe('deliveries made due in another process', () => {
  it('When an API-only process accepts an emit, then a worker elsewhere sends it at once instead of at its next poll', async () => {
    const { api } = suite.roles();
    const receiver = suite.receiver();
    const app = await insertApplication(api.ctx);
    const event = await insertEvent(api.ctx, app.id);
    await insertSubscription(api.ctx, event.id, { targetUrl: `${receiver.url}/hook` });

    for (const n of [1, 2]) {
      const answer = await api.post('/v1/events/emit', {
        token: null,
        headers: { 'x-api-key': app.apiKey },
        body: { eventType: event.alias, applicationId: app.id, data: { n } },
      });
      expect(answer.status).toBe(202);
      await waitFor(() => receiver.requests.length === n, 5_000, `delivery ${n}`);
    }

    expect(receiver.requests.map((request) => JSON.parse(request.body).n)).toEqual([1, 2]);
  });
});
