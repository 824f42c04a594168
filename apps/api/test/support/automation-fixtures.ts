import type { AppContext } from '../../src/context';
import { routeEventTypes, routeFields, routes, rules } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from './test-app';

let counter = 0;

const created = (what: string, res: { status: number; body: unknown }) => {
  if (res.status !== 201) throw new Error(`create ${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
};

/** POST /v1/routes with valid defaults; returns the route (from `data`). */
export async function createRoute(
  t: TestApp,
  applicationId: string,
  overrides: Record<string, unknown> = {},
  token?: string,
) {
  counter += 1;
  const res = await t.post('/v1/routes', {
    token,
    body: { applicationId, name: `Rota ${counter}`, endpoint: `/entrada/${counter}`, ...overrides },
  });
  created('route', res);
  return res.body.data;
}

/** POST /v1/route-event-types with valid defaults; returns the event type (from `data`). */
export async function createRouteEventType(
  t: TestApp,
  routeId: string,
  overrides: Record<string, unknown> = {},
  token?: string,
) {
  counter += 1;
  const res = await t.post('/v1/route-event-types', {
    token,
    body: { routeId, name: `Tipo ${counter}`, alias: `message.type${counter}.received`, ...overrides },
  });
  created('route event type', res);
  return res.body.data;
}

/** POST /v1/route-fields with valid defaults; returns the field (from `data`). */
export async function createRouteField(
  t: TestApp,
  routeId: string,
  overrides: Record<string, unknown> = {},
  token?: string,
) {
  counter += 1;
  const res = await t.post('/v1/route-fields', {
    token,
    body: { routeId, name: `Campo ${counter}`, type: 'string', path: `data.field${counter}`, ...overrides },
  });
  created('route field', res);
  return res.body.data;
}

/** A rule body on `route` listening to `eventType`: text of data.message.text contains 'ajuda'. */
export const ruleBody = (
  route: { id: string; applicationId: string },
  eventType: { id: string } | null,
  overrides: Record<string, unknown> = {},
) => ({
  name: `Regra ${++counter}`,
  applicationId: route.applicationId,
  routeId: route.id,
  routeEventTypeId: eventType?.id ?? null,
  conditions: {
    type: eventType ? '' : 'message.text.received',
    logic: 'AND',
    rules: [
      { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['ajuda'], caseSensitive: false },
    ],
  },
  ...overrides,
});

/** POST /v1/event-rules; returns the rule. */
export async function createRule(
  t: TestApp,
  route: { id: string; applicationId: string },
  eventType: { id: string } | null,
  overrides: Record<string, unknown> = {},
  token?: string,
) {
  const res = await t.post('/v1/event-rules', { token, body: ruleBody(route, eventType, overrides) });
  created('rule', res);
  return res.body.data;
}

/**
 * A route of `applicationId` with an event type, a field and a rule (linked to `eventId` when
 * given), inserted directly (no caller needed); for tests that only need them to exist.
 */
export async function insertAutomation(
  ctx: AppContext,
  applicationId: string,
  eventId: string | null = null,
) {
  const routeId = newId();
  await ctx.db.insert(routes).values({ id: routeId, applicationId, name: 'Rota', endpoint: '/entrada' });
  const eventTypeId = newId();
  const alias = `message.n${eventTypeId.slice(-8)}.received`;
  await ctx.db.insert(routeEventTypes).values({ id: eventTypeId, routeId, name: 'Tipo', alias });
  const fieldId = newId();
  await ctx.db
    .insert(routeFields)
    .values({ id: fieldId, routeId, name: 'Texto', type: 'string', path: 'data.message.text' });
  const ruleId = newId();
  await ctx.db.insert(rules).values({
    id: ruleId,
    applicationId,
    routeId,
    routeEventTypeId: eventTypeId,
    eventId,
    name: 'Regra',
    conditions: {
      type: alias,
      logic: 'AND',
      rules: [
        { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['ajuda'], caseSensitive: false },
      ],
    },
  });
  return { routeId, eventTypeId, fieldId, ruleId, alias };
}
