import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessRole, insertAccessRoles } from './support/access-roles-fixture';
import {
  createRoute,
  createRouteEventType,
  createRouteField,
  createRule,
  ruleBody,
} from './support/automation-fixtures';
import { createEvent } from './support/event-fixtures';
import type { TestUser } from './support/owned-application-fixture';
import { createTestApp, type TestApp } from './support/test-app';

type Need = 'read' | 'write' | 'delete';
type Caller = AccessRole | 'admin' | 'anonymous';

/** What each caller may do on the PRIVATE application's automation; outsiders get 404, whatever the visibility. */
const GRANTS: Record<Caller, Need[] | 'none' | 'anonymous'> = {
  anonymous: 'anonymous',
  stranger: 'none',
  reader: ['read'],
  writer: ['read', 'write'],
  deleter: ['read', 'delete'],
  appOwner: ['read', 'write', 'delete'],
  admin: ['read', 'write', 'delete'],
};

const expectedStatus = (caller: Caller, need: Need, okStatus: number) => {
  const grants = GRANTS[caller];
  if (grants === 'anonymous') return 401;
  if (grants === 'none') return 404;
  return grants.includes(need) ? okStatus : 403;
};

describe('automation access', () => {
  let t: TestApp;
  let users: Record<AccessRole, TestUser>;
  let privateApp: string;
  let publicApp: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ users, privateApp, publicApp } = await insertAccessRoles(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A route with an event type, a field, a rule and an event to link, made by the owner. */
  async function fixtures(applicationId: string) {
    const owner = users.appOwner.token;
    const route = await createRoute(t, applicationId, {}, owner);
    const eventType = await createRouteEventType(t, route.id, {}, owner);
    const field = await createRouteField(t, route.id, {}, owner);
    const rule = await createRule(t, route, eventType, {}, owner);
    const event = await createEvent(t, applicationId, {}, owner);
    return { route, eventType, field, rule, event };
  }

  const tokenOf = (caller: Caller) =>
    caller === 'anonymous' ? null : caller === 'admin' ? t.adminToken : users[caller].token;

  /** Every automation route once, reads first and deletes last, each with the permission it needs. */
  function callsOn(f: Awaited<ReturnType<typeof fixtures>>, applicationId: string, token: string | null) {
    return [
      ['GET /routes/{id}', 'read', 200, () => t.get(`/v1/routes/${f.route.id}`, { token })],
      [
        'GET /route-event-types?routeId',
        'read',
        200,
        () => t.get(`/v1/route-event-types?routeId=${f.route.id}`, { token }),
      ],
      [
        'GET /route-event-types/{id}',
        'read',
        200,
        () => t.get(`/v1/route-event-types/${f.eventType.id}`, { token }),
      ],
      [
        'GET /route-fields?routeId',
        'read',
        200,
        () => t.get(`/v1/route-fields?routeId=${f.route.id}`, { token }),
      ],
      ['GET /route-fields/{id}', 'read', 200, () => t.get(`/v1/route-fields/${f.field.id}`, { token })],
      ['GET /event-rules/{id}', 'read', 200, () => t.get(`/v1/event-rules/${f.rule.id}`, { token })],
      [
        'GET /event-rules/{id}/executions',
        'read',
        200,
        () => t.get(`/v1/event-rules/${f.rule.id}/executions`, { token }),
      ],
      [
        'POST /routes',
        'write',
        201,
        () => t.post('/v1/routes', { token, body: { applicationId, name: 'R', endpoint: '/r' } }),
      ],
      [
        'PUT /routes/{id}',
        'write',
        200,
        () => t.put(`/v1/routes/${f.route.id}`, { token, body: { name: 'R2' } }),
      ],
      [
        'POST /route-event-types',
        'write',
        201,
        () =>
          t.post('/v1/route-event-types', {
            token,
            body: { routeId: f.route.id, name: 'T', alias: `t.${Date.now()}` },
          }),
      ],
      [
        'PUT /route-event-types/{id}',
        'write',
        200,
        () => t.put(`/v1/route-event-types/${f.eventType.id}`, { token, body: { name: 'T2' } }),
      ],
      [
        'POST /route-fields',
        'write',
        201,
        () =>
          t.post('/v1/route-fields', {
            token,
            body: { routeId: f.route.id, name: 'C', type: 'string', path: `data.c${Date.now()}` },
          }),
      ],
      [
        'PUT /route-fields/{id}',
        'write',
        200,
        () => t.put(`/v1/route-fields/${f.field.id}`, { token, body: { name: 'C2' } }),
      ],
      [
        'POST /event-rules',
        'write',
        201,
        () => t.post('/v1/event-rules', { token, body: ruleBody(f.route, f.eventType) }),
      ],
      [
        'PUT /event-rules/{id}',
        'write',
        200,
        () => t.put(`/v1/event-rules/${f.rule.id}`, { token, body: { name: 'N' } }),
      ],
      [
        'PATCH /event-rules/{id}/toggle',
        'write',
        200,
        () => t.patch(`/v1/event-rules/${f.rule.id}/toggle`, { token }),
      ],
      [
        'POST /event-rules/{id}/link-event',
        'write',
        200,
        () => t.post(`/v1/event-rules/${f.rule.id}/link-event`, { token, body: { eventId: f.event.id } }),
      ],
      [
        'DELETE /event-rules/{id}/link-event',
        'write',
        200,
        () => t.del(`/v1/event-rules/${f.rule.id}/link-event`, { token }),
      ],
      ['DELETE /event-rules/{id}', 'delete', 204, () => t.del(`/v1/event-rules/${f.rule.id}`, { token })],
      ['DELETE /route-fields/{id}', 'delete', 204, () => t.del(`/v1/route-fields/${f.field.id}`, { token })],
      [
        'DELETE /route-event-types/{id}',
        'delete',
        204,
        () => t.del(`/v1/route-event-types/${f.eventType.id}`, { token }),
      ],
      ['DELETE /routes/{id}', 'delete', 204, () => t.del(`/v1/routes/${f.route.id}`, { token })],
    ] as const;
  }

  const callers: Caller[] = ['anonymous', 'stranger', 'reader', 'writer', 'deleter', 'appOwner', 'admin'];

  it.each(callers)(
    'When %s calls every automation route of a private application, then each answers by its permissions',
    async (caller) => {
      const f = await fixtures(privateApp);
      const token = tokenOf(caller);
      const found: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const [name, need, ok, call] of callsOn(f, privateApp, token)) {
        found[name] = (await call()).status;
        expected[name] = expectedStatus(caller, need, ok);
      }
      expect(found).toEqual(expected);
    },
  );

  it('When a stranger calls every automation route of a PUBLIC application, then each answers 404', async () => {
    const f = await fixtures(publicApp);
    const token = users.stranger.token;
    for (const [name, , , call] of callsOn(f, publicApp, token)) {
      const res = await call();
      expect({ name, status: res.status }).toEqual({ name, status: 404 });
    }
  });

  it('When lists are asked for, then only members (and admins) see the application’s routes and rules', async () => {
    const f = await fixtures(publicApp);
    const ids = async (url: string, caller: Caller) =>
      ((await t.get(url, { token: tokenOf(caller) })).body.data as { id: string }[]).map((item) => item.id);
    for (const caller of ['reader', 'appOwner', 'admin'] as const) {
      // The reader is a member of the private application only.
      const routes = await ids(`/v1/routes?applicationId=${publicApp}`, caller);
      const rules = await ids(`/v1/event-rules?applicationId=${publicApp}`, caller);
      const isMember = caller !== 'reader';
      expect({ caller, route: routes.includes(f.route.id), rule: rules.includes(f.rule.id) }).toEqual({
        caller,
        route: isMember,
        rule: isMember,
      });
    }
    const strangerRoutes = await t.get('/v1/routes', { token: users.stranger.token });
    expect(strangerRoutes.body.data).toEqual([]);
    const strangerRules = await t.get('/v1/event-rules', { token: users.stranger.token });
    expect(strangerRules.body).toMatchObject({
      data: [],
      pagination: { total: 0 },
      stats: { active: 0, inactive: 0, executions: 0 },
    });
    const strangerTypes = await t.get('/v1/route-event-types', { token: users.stranger.token });
    expect(strangerTypes.body.data).toEqual([]);
    const anonymous = await t.get('/v1/event-rules', { token: null });
    expect(anonymous.status).toBe(401);
  });

  it('When a reader lists rules, then each rule says it may be neither edited nor deleted', async () => {
    const f = await fixtures(privateApp);
    const reader = await t.get(`/v1/event-rules/${f.rule.id}`, { token: users.reader.token });
    expect(reader.body.permissions).toEqual({ canWrite: false, canDelete: false });
    const writer = await t.get(`/v1/event-rules?applicationId=${privateApp}`, { token: users.writer.token });
    expect(writer.body.data[0].permissions).toEqual({ canWrite: true, canDelete: false });
  });
});
