import type { TestUser } from './owned-application-fixture';
import type { TestApp } from './test-app';

/** An owner, their application (with its key) and one event, all made through the API as a user would. */
export async function createOwnedEvent(t: TestApp, alias: string) {
  const owner: TestUser = await t.createUser();
  const created = await t.post('/v1/applications', { token: owner.token, body: { name: `App ${alias}` } });
  const app: { id: string; apiKey: string } = { id: created.body.data.id, apiKey: created.body.data.apiKey };
  const made = await t.post('/v1/events', {
    token: owner.token,
    body: { applicationId: app.id, name: `Evento ${alias}`, alias },
  });
  const event: { id: string; alias: string } = { id: made.body.data.id, alias: made.body.data.alias };
  return { owner, app, event };
}
