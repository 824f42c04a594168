import {
  deliveryAttempts,
  deliveryLogs,
  eventLogs,
  events,
  occurrences,
  subscriptions,
} from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from './test-app';

/** Creates an application through the API as `token`'s user; answers the created body (with apiKey). */
export async function createApplicationAs(t: TestApp, token: string, name = `App ${newId().slice(-6)}`) {
  const res = await t.post('/v1/applications', { body: { name }, token });
  if (res.status !== 201)
    throw new Error(`create application failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string; apiKey: string; apiKeyPrefix: string };
}

export async function setVisibility(t: TestApp, id: string, visibility: 'PUBLIC' | 'PRIVATE') {
  const current = await t.get(`/v1/applications/${id}`);
  const res = await t.put(`/v1/applications/${id}`, { body: { name: current.body.data.name, visibility } });
  if (res.status !== 200) throw new Error(`set visibility failed: ${res.status}`);
}

/**
 * Rows straight in the database, one of each kind hanging off an application:
 * event → subscription → occurrence → delivery log → attempt, plus an event log.
 */
export async function insertEventChain(
  t: TestApp,
  applicationId: string,
  options: { visibility?: 'PUBLIC' | 'PRIVATE'; createdBy?: string | null } = {},
) {
  const now = new Date();
  const eventId = newId();
  const subscriptionId = newId();
  const occurrenceId = newId();
  const deliveryLogId = newId();
  const eventLogId = newId();
  await t.ctx.db.insert(events).values({
    id: eventId,
    applicationId,
    name: `Evento ${eventId.slice(-6)}`,
    alias: `evento.${eventId.slice(-6)}`,
    visibility: options.visibility ?? 'PUBLIC',
    createdAt: now,
    updatedAt: now,
  });
  await t.ctx.db.insert(subscriptions).values({
    id: subscriptionId,
    eventId,
    name: 'Assinatura',
    targetUrl: 'http://127.0.0.1:9/hook',
    secret: 'whsec_dGVzdC1zaWduaW5nLXNlY3JldA==',
    authType: 'BEARER',
    authDetails: { token: 'subscription-bearer-secret' },
    createdBy: options.createdBy ?? null,
  });
  await t.ctx.db.insert(occurrences).values({
    id: occurrenceId,
    eventId,
    applicationId,
    eventType: 'evento',
    data: { hello: 'world' },
  });
  await t.ctx.db.insert(deliveryLogs).values({
    id: deliveryLogId,
    occurrenceId,
    subscriptionId,
    eventId,
    status: 'SUCCESS',
  });
  await t.ctx.db.insert(deliveryAttempts).values({
    id: newId(),
    deliveryLogId,
    attemptNumber: 1,
    startedAt: now,
    durationMs: 5,
  });
  await t.ctx.db.insert(eventLogs).values({
    id: eventLogId,
    eventId: occurrenceId,
    eventType: 'evento',
    organizationId: applicationId,
    queueType: 'RABBITMQ',
    payload: {},
    applicationId,
    eventDefinitionId: eventId,
  });
  return { eventId, subscriptionId, occurrenceId, deliveryLogId, eventLogId };
}

/** Every row of a table as the database holds it, for at-rest checks. */
export async function dumpTable(t: TestApp, table: string) {
  return t.ctx.database.inScriptTransaction((tx) => tx.query(`SELECT * FROM ${table}`));
}

export async function countRows(t: TestApp, table: string, where = 'true', params: unknown[] = []) {
  const rows = await t.ctx.database.inScriptTransaction((tx) =>
    tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params),
  );
  return Number(rows[0]?.n ?? 0);
}
