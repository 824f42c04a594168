import { MAX_CONDITION_VALUES, MAX_RULE_CONDITIONS } from '@wm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoute, createRouteEventType, ruleBody } from './support/automation-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const ACTIVE_PER_ALIAS = 3;
const PER_APPLICATION = 5;

let t: TestApp;
let applicationId: string;

beforeAll(async () => {
  t = await createTestApp({
    RULES_MAX_ACTIVE_PER_ALIAS: String(ACTIVE_PER_ALIAS),
    RULES_MAX_PER_APPLICATION: String(PER_APPLICATION),
  });
  applicationId = (await t.post('/v1/applications', { body: { name: 'Limites' } })).body.data.id;
});

afterAll(async () => {
  await t.close();
});

const ALIAS_FULL = `Limite de ${ACTIVE_PER_ALIAS} regras ativas por tipo de evento atingido; desative ou remova uma regra deste tipo`;
const APPLICATION_FULL = `Limite de ${PER_APPLICATION} regras por aplicação atingido; remova uma regra antes de criar outra`;

describe('limits on rules', () => {
  it('When an event type has as many active rules as allowed, then another active one is refused with 400, an inactive one is kept, and activating it is refused', async () => {
    const route = await createRoute(t, applicationId);
    const eventType = await createRouteEventType(t, route.id);
    for (let index = 0; index < ACTIVE_PER_ALIAS; index++) {
      expect((await t.post('/v1/event-rules', { body: ruleBody(route, eventType) })).status).toBe(201);
    }
    const refused = await t.post('/v1/event-rules', { body: ruleBody(route, eventType) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: ALIAS_FULL, code: 'BAD_REQUEST' });

    const inactive = await t.post('/v1/event-rules', {
      body: ruleBody(route, eventType, { isActive: false }),
    });
    expect(inactive.status).toBe(201);
    const toggled = await t.patch(`/v1/event-rules/${inactive.body.data.id}/toggle`);
    expect(toggled.status).toBe(400);
    expect(toggled.body.error).toBe(ALIAS_FULL);
    const activated = await t.put(`/v1/event-rules/${inactive.body.data.id}`, { body: { isActive: true } });
    expect(activated.status).toBe(400);
    expect((await t.get(`/v1/event-rules/${inactive.body.data.id}`)).body.data.isActive).toBe(false);

    // Another event type of the route has its own count.
    const other = await createRouteEventType(t, route.id);
    expect((await t.post('/v1/event-rules', { body: ruleBody(route, other) })).status).toBe(201);
  });

  it('When an application has as many rules as allowed, then another is refused with 400 whatever its state', async () => {
    const route = await createRoute(t, applicationId);
    const eventType = await createRouteEventType(t, route.id);
    // The first test left 5 rules in the application (4 active, 1 inactive).
    const over = await t.post('/v1/event-rules', { body: ruleBody(route, eventType, { isActive: false }) });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: APPLICATION_FULL, code: 'BAD_REQUEST' });
  });

  it('When a rule has too many conditions or a condition too many values, then 400 in Portuguese', async () => {
    const route = await createRoute(
      t,
      (await t.post('/v1/applications', { body: { name: 'Outra' } })).body.data.id,
    );
    const condition = { field: 'data.a', operator: 'EQUALS', values: ['x'] };
    const tooMany = await t.post('/v1/event-rules', {
      body: ruleBody(route, null, {
        conditions: { type: 'a.b', rules: Array.from({ length: MAX_RULE_CONDITIONS + 1 }, () => condition) },
      }),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(`Máximo de ${MAX_RULE_CONDITIONS} condições`);
    const tooManyValues = await t.post('/v1/event-rules', {
      body: ruleBody(route, null, {
        conditions: {
          type: 'a.b',
          rules: [
            { ...condition, values: Array.from({ length: MAX_CONDITION_VALUES + 1 }, (_, i) => `v${i}`) },
          ],
        },
      }),
    });
    expect(tooManyValues.status).toBe(400);
    expect(tooManyValues.body.error).toBe(`Condição 1: máximo de ${MAX_CONDITION_VALUES} valores`);
  });
});
