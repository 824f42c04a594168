import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  deliveryLogs,
  notifications,
  operationalEndpoints,
  routes,
  users,
} from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { applicationInternalAccess, requireAccess } from '../src/modules/access';
import { insertAutomation } from './support/automation-fixtures';
import {
  addMember,
  insertApplication,
  insertEvent,
  insertSubscription,
  type Receiver,
  startReceiver,
} from './support/delivery-fixtures';
import { insertDeliveryLog } from './support/delivery-log-fixture';
import { insertEventLog } from './support/event-log-fixtures';
import { insertKeptRequest } from './support/ingest-fixtures';
import { ADMIN, createTestApp, type TestApp } from './support/test-app';
import { makeTestCertificates } from './support/test-certificates';

/**
 * Every route of the API × every kind of caller, on a PRIVATE and on a PUBLIC application. The
 * expected answer is written once, in MATRIX: a status, or for lists which of the application's
 * entities the answer shows (app, pub and priv events, sub the owner's subscription, log; '-' none,
 * 'all' every one). `a/b` is the answer on a PRIVATE / PUBLIC application.
 *
 * Callers: anon (no session), stranger (signed in, no membership), stripped (a member whose read,
 * write and delete flags are all off), reader, writer, deleter (members with that one right),
 * owner (created the application), admin.
 */
const MATRIX = `
route                                                  anon stranger  stripped  reader   writer   deleter  owner    admin
GET /v1/applications                                   401  -         -         app      app      app      app      app
GET /v1/applications ?scope=discover                   401  -/app     -/app     -/app    -/app    -/app    -/app    -/app
POST /v1/applications                                  401  201       201       201      201      201      201      201
GET /v1/applications/{id}                              401  404/200   404/200   200      200      200      200      200
GET /v1/applications/{id}/api-key                      401  404/403   404/403   403      200      403      200      200
PUT /v1/applications/{id}                              401  404/403   404/403   403      200      403      200      200
PUT /v1/applications/{id} outboundProxy                401  404/403   404/403   403      200      403      200      200
GET /v1/applications/{id}/catalog                      401  404/pub   404/pub   pub+priv pub+priv pub+priv pub+priv pub+priv
GET /v1/applications/{id}/catalog/openapi.json         401  404/200   404/200   200      200      200      200      200
POST /v1/applications/{id}/regenerate-key              401  404/403   404/403   403      403      403      200      200
GET /v1/applications/{id}/callback-secret              401  404       404       403      200      403      200      200
POST /v1/applications/{id}/callback-secret/rotate      401  404       404       403      200      403      200      200
GET /v1/applications/{id}/members                      401  404/403   404/403   200      200      200      200      200
POST /v1/applications/{id}/members                     401  404/403   404/403   403      403      403      202      201
GET /v1/applications/{id}/invitations                  401  404/403   404/403   403      403      403      200      200
GET /v1/auth/me/invitations                            401  200       200       200      200      200      200      200
POST /v1/auth/me/invitations/{id}/accept               401  404       404       404      404      404      404      404
POST /v1/auth/me/invitations/{id}/decline              401  404       404       404      404      404      404      404
PUT /v1/applications/{id}/members/{userId}             401  404/403   404/403   403      403      403      200      200
POST /v1/applications/{id}/transfer-ownership          401  404/403   404/403   403      403      403      200      200
GET /v1/events                                         401  -         -         pub+priv pub+priv pub+priv pub+priv pub+priv
GET /v1/events ?scope=discover                         401  -/pub     -/pub     pub+priv pub+priv pub+priv pub+priv pub+priv
POST /v1/events                                        401  404/403   404/403   403      201      403      201      201
GET /v1/events/{id} public event                       401  404/200   404/200   200      200      200      200      200
GET /v1/events/{id} private event                      401  404       404       200      200      200      200      200
GET /v1/events/{id}/schemas public event               401  404/200   404/200   200      200      200      200      200
GET /v1/events/{id}/schemas private event              401  404       404       200      200      200      200      200
PUT /v1/events/{id}                                    401  404/403   404/403   403      200      403      200      200
POST /v1/events/emit                                   401  404/403   404/403   403      202      403      202      202
POST /v1/events/{id}/test-callback                     401  404/403   404/403   403      409      403      409      409
GET /v1/subscriptions                                  401  -         -         sub      sub      sub      sub      sub
POST /v1/subscriptions                                 401  404/201   404/201   201      201      201      201      201
POST /v1/subscriptions OAuth2 and mTLS                 401  404/201   404/201   201      201      201      201      201
GET /v1/subscriptions/{id}                             401  404       404       200      200      200      200      200
GET /v1/subscriptions/{id}/health                      401  404       404       200      200      200      200      200
PUT /v1/subscriptions/{id}                             401  404       404       403      200      403      200      200
PUT /v1/subscriptions/{id} OAuth2 and mTLS             401  404       404       403      200      403      200      200
POST /v1/subscriptions/{id}/rotate-secret              401  404       404       403      200      403      200      200
POST /v1/subscriptions/{id}/test                       401  404       404       403      200      403      200      200
GET /v1/applications/{id}/consumers                    401  404       404       403      200      403      200      200
GET /v1/applications/{id}/consumers/{consumerId}/subscriptions  401  404  404  403  200  403  200  200
POST /v1/applications/{id}/consumers/{consumerId}/subscriptions  401  404  404  403  201  403  201  201
PATCH /v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}  401  404  404  403  200  403  200  200
DELETE /v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}  401  404  404  403  204  403  204  204
POST /v1/applications/{id}/portal-sessions             401  404       404       403      201      403      201      201
DELETE /v1/applications/{id}/portal-sessions/{sessionId}  401  404  404  403  204  403  204  204
DELETE /v1/applications/{id}/consumers/{consumerId}/portal-sessions  401  404  404  403  204  403  204  204
GET /v1/portal/events                                  401  401       401       401      401      401      401      401
GET /v1/portal/session                                 401  401       401       401      401      401      401      401
GET /v1/portal/subscriptions                           401  401       401       401      401      401      401      401
POST /v1/portal/subscriptions                          401  401       401       401      401      401      401      401
GET /v1/portal/subscriptions/{id}                      401  401       401       401      401      401      401      401
PUT /v1/portal/subscriptions/{id}                      401  401       401       401      401      401      401      401
DELETE /v1/portal/subscriptions/{id}                   401  401       401       401      401      401      401      401
POST /v1/portal/subscriptions/{id}/test                401  401       401       401      401      401      401      401
POST /v1/portal/subscriptions/{id}/rotate-secret       401  401       401       401      401      401      401      401
GET /v1/portal/subscriptions/{id}/health               401  401       401       401      401      401      401      401
GET /v1/portal/logs                                    401  401       401       401      401      401      401      401
GET /v1/portal/logs/{id}                               401  401       401       401      401      401      401      401
POST /v1/portal/logs/{id}/resend                       401  401       401       401      401      401      401      401
GET /v1/logs                                           401  -         -         log      log      log      log      log
GET /v1/logs/{id}                                      401  404       404       200      200      200      200      200
POST /v1/logs/{id}/retry                               401  404       404       403      200      403      200      200
POST /v1/logs/{id}/skip                                401  404       404       403      409      403      409      409
POST /v1/subscriptions/{id}/recover                    401  404       404       403      200      403      200      200
GET /v1/stats/deliveries ?subscriptionId               401  404       404       200      200      200      200      200
GET /v1/rabbitmq/events                                401  -         -         log      log      log      log      log
GET /v1/rabbitmq/events/failed                         401  -         -         log      log      log      log      log
GET /v1/rabbitmq/events/{id}                           401  404       404       200      200      200      200      200
POST /v1/rabbitmq/events/{id}/reprocess                401  404       404       403      200      403      200      200
POST /v1/rabbitmq/events/reprocess-batch               401  none      none      none     all      none     all      all
GET /v1/routes                                         401  -         -         route    route    route    route    route
POST /v1/routes                                        401  404       404       403      201      403      201      201
GET /v1/routes/{id}                                    401  404       404       200      200      200      200      200
PUT /v1/routes/{id}                                    401  404       404       403      200      403      200      200
GET /v1/route-event-types                              401  -         -         type     type     type     type     type
POST /v1/route-event-types                             401  404       404       403      201      403      201      201
GET /v1/route-event-types/{id}                         401  404       404       200      200      200      200      200
PUT /v1/route-event-types/{id}                         401  404       404       403      200      403      200      200
GET /v1/route-fields                                   401  -         -         field    field    field    field    field
POST /v1/route-fields                                  401  404       404       403      201      403      201      201
GET /v1/route-fields/{id}                              401  404       404       200      200      200      200      200
PUT /v1/route-fields/{id}                              401  404       404       403      200      403      200      200
GET /v1/event-rules                                    401  -         -         rule     rule     rule     rule     rule
POST /v1/event-rules                                   401  404       404       403      201      403      201      201
GET /v1/event-rules/{id}                               401  404       404       200      200      200      200      200
PUT /v1/event-rules/{id}                               401  404       404       403      200      403      200      200
PATCH /v1/event-rules/{id}/toggle                      401  404       404       403      200      403      200      200
POST /v1/event-rules/{id}/link-event                   401  404       404       403      200      403      200      200
DELETE /v1/event-rules/{id}/link-event                 401  404       404       403      200      403      200      200
GET /v1/event-rules/{id}/executions                    401  404       404       200      200      200      200      200
POST /v1/emit-rules                                    401  404       404       403      202      403      202      202
GET /v1/integration/routes                             401  404       404       route    route    route    route    route
GET /v1/integration/routes/{id}/code                   401  404       404       200      200      200      200      200
GET /v1/integration/routes/{id}/payload                401  404       404       200      200      200      200      200
GET /v1/integration/rules/{id}/code                    401  404       404       200      200      200      200      200
GET /v1/integration/rules/{id}/payload                 401  404       404       200      200      200      200      200
GET /v1/notifications                                  401  -         -         -        -        -        note     -
POST /v1/notifications/{id}/read                       401  404       404       404      404      404      200      404
POST /v1/notifications/read-all                        401  200       200       200      200      200      200      200
GET /v1/operational-endpoints                          401  -         -         -        -        -        own      -
GET /v1/operational-endpoints ?applicationId           401  404       404       403      app      403      app      app
POST /v1/operational-endpoints                         401  404       404       403      201      403      201      201
GET /v1/operational-endpoints/{id}                     401  404       404       404      200      404      200      200
GET /v1/operational-endpoints/{id} own                 401  404       404       404      404      404      200      404
PUT /v1/operational-endpoints/{id}                     401  404       404       404      200      404      200      200
DELETE /v1/operational-endpoints/{id}                  401  404       404       404      204      404      204      204
GET /v1/auth/me                                        401  200       200       200      200      200      200      200
PUT /v1/auth/me                                        401  200       200       200      200      200      200      200
GET /v1/auth/me/stats                                  401  200       200       200      200      200      200      200
GET /v1/auth/me/export                                 401  -         -         all      all      all      all      -
POST /v1/auth/change-password                          401  400       400       400      400      400      400      400
POST /v1/auth/login                                    401  200       200       200      200      200      200      200
POST /v1/auth/logout                                   401  204       204       204      204      204      204      204
GET /healthz                                           200  200       200       200      200      200      200      200
GET /readyz                                            200  200       200       200      200      200      200      200
GET /v1/admin/users                                    401  403       403       403      403      403      403      200
POST /v1/admin/users                                   401  403       403       403      403      403      403      201
GET /v1/admin/users/{id}                               401  403       403       403      403      403      403      200
PUT /v1/admin/users/{id}                               401  403       403       403      403      403      403      200
DELETE /v1/admin/users/{id}                            401  403       403       403      403      403      403      204
GET /v1/retention                                      401  200       200       200      200      200      200      200
PUT /v1/admin/retention                                401  403       403       403      403      403      403      200
DELETE /v1/subscriptions/{id}                          401  404       404       403      403      204      204      204
DELETE /v1/event-rules/{id}                            401  404       404       403      403      204      204      204
DELETE /v1/route-fields/{id}                           401  404       404       403      403      204      204      204
DELETE /v1/route-event-types/{id}                      401  404       404       403      403      204      204      204
DELETE /v1/routes/{id}                                 401  404       404       403      403      204      204      204
POST /v1/routes/{id}/rotate-ingest-token               401  404       404       403      200      403      200      200
GET /v1/routes/{id}/inbound-requests                   401  404       404       200      200      200      200      200
GET /v1/inbound-requests/{id}                          401  404       404       200      200      200      200      200
POST /v1/inbound-requests/{id}/reprocess               401  404       404       403      200      403      200      200
POST /in/{token}/{endpoint}                            202  202       202       202      202      202      202      202
DELETE /v1/events/{id}                                 401  404/403   404/403   403      403      204      204      204
DELETE /v1/applications/{id}/members/{userId}          401  404/403   404/403   403      403      403      204      204
DELETE /v1/applications/{id}                           401  404/403   404/403   403      403      204      204      204
DELETE /v1/applications/{id}/members/{userId} oneself  401  404       404/204   204      204      204      422      404
`;

const ROLES = ['anon', 'stranger', 'stripped', 'reader', 'writer', 'deleter', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Visibility = 'PRIVATE' | 'PUBLIC';
type Row = { route: string; method: string; path: string; expected: Record<Role, [string, string]> };

function parseMatrix(text: string): Row[] {
  const lines = text.trim().split('\n').slice(1);
  return lines.map((line) => {
    // The route ends at the first run of two spaces: a route longer than its column is followed by two.
    const [, route = '', rest = ''] = /^(.*?\S)\s{2,}(.*)$/.exec(line) ?? [];
    const cells = rest.trim().split(/\s+/);
    if (cells.length !== ROLES.length) throw new Error(`matrix row "${route}" has ${cells.length} cells`);
    const [method = '', path = ''] = route.split(' ');
    const expected = Object.fromEntries(
      ROLES.map((role, index) => {
        const [onPrivate = '', onPublic = onPrivate] = (cells[index] ?? '').split('/');
        return [role, [onPrivate, onPublic]];
      }),
    ) as Row['expected'];
    return { route, method, path, expected };
  });
}

const ROWS = parseMatrix(MATRIX);

let t: TestApp;
let receiver: Receiver;
let adminId: string;
type User = Awaited<ReturnType<TestApp['createUser']>>;
type Member = Exclude<Role, 'anon' | 'admin'>;
const cast = {} as Record<Member | 'target' | 'newcomer', User>;

beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
  for (const name of [
    'stranger',
    'stripped',
    'reader',
    'writer',
    'deleter',
    'owner',
    'target',
    'newcomer',
  ] as const) {
    cast[name] = await t.createUser({ name });
  }
  adminId = (await t.get('/v1/auth/me')).body.data.id;
});

afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

type World = Awaited<ReturnType<typeof buildWorld>>;

/** One application and what hangs on it, fresh for each caller so destructive routes find their targets. */
async function buildWorld(visibility: Visibility) {
  const { ctx } = t;
  const name = `Matriz ${newId()}`;
  const withMembers = async () => {
    const { id } = await insertApplication(ctx, { ownerId: cast.owner.id, visibility });
    await addMember(ctx, id, cast.stripped.id, { canRead: false });
    await addMember(ctx, id, cast.reader.id, {});
    await addMember(ctx, id, cast.writer.id, { canWrite: true });
    await addMember(ctx, id, cast.deleter.id, { canDelete: true });
    return id;
  };
  const appId = await withMembers();
  await ctx.db.update(applications).set({ name }).where(eq(applications.id, appId));
  const doomedAppId = await withMembers();
  await addMember(ctx, appId, cast.target.id, {});
  const publicEvent = await insertEvent(ctx, appId, { visibility: 'PUBLIC' });
  const privateEvent = await insertEvent(ctx, appId, { visibility: 'PRIVATE' });
  const doomedEvent = await insertEvent(ctx, appId, { visibility: 'PUBLIC' });
  const subscription = await insertSubscription(ctx, publicEvent.id, {
    createdBy: cast.owner.id,
    targetUrl: receiver.url,
  });
  const doomedSubscription = await insertSubscription(ctx, publicEvent.id, { createdBy: cast.owner.id });
  const occurrenceId = await insertDeliveryLog(t, {
    event: publicEvent,
    applicationId: appId,
    subscriptionId: subscription.id,
    status: 'FAILED',
  });
  const [deliveryLog] = await ctx.db
    .select({ id: deliveryLogs.id })
    .from(deliveryLogs)
    .where(eq(deliveryLogs.occurrenceId, occurrenceId));
  const eventLog = await insertEventLog(ctx, appId, { status: 'FAILED', organizationId: name });
  const batchEventLog = await insertEventLog(ctx, appId, { status: 'FAILED', organizationId: name });
  const automation = await insertAutomation(ctx, appId, publicEvent.id);
  const doomedAutomation = await insertAutomation(ctx, appId);
  // Its ingest URL takes anyone's request: the sender needs no session, only the URL.
  await ctx.db
    .update(routes)
    .set({ verification: { type: 'NONE' } })
    .where(eq(routes.id, automation.routeId));
  const inboundRequestId = await insertKeptRequest(ctx, automation, appId);
  // A notice addressed to the owner of the subscription: nobody else's, admins included.
  const notificationId = newId();
  await ctx.db.insert(notifications).values({
    id: notificationId,
    userId: cast.owner.id,
    operationalEventId: newId(),
    type: 'subscription.disabled',
    title: 'Assinatura desativada',
    message: 'A assinatura foi desativada.',
    link: `/subscriptions/${subscription.id}`,
    createdAt: new Date(),
  });
  // Operational endpoints: the owner's own (nobody else's, admins included) and two of the application's.
  const operationalEndpointOf = async (owner: { userId?: string; applicationId?: string }) => {
    const id = newId();
    const now = new Date();
    await ctx.db.insert(operationalEndpoints).values({
      id,
      userId: owner.userId ?? null,
      applicationId: owner.applicationId ?? null,
      url: receiver.url,
      secret: ctx.cipher.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
      createdAt: now,
      updatedAt: now,
    });
    return id;
  };
  const ownOperationalEndpointId = await operationalEndpointOf({ userId: cast.owner.id });
  const appOperationalEndpointId = await operationalEndpointOf({ applicationId: appId });
  const doomedOperationalEndpointId = await operationalEndpointOf({ applicationId: appId });
  const throwawayId = newId();
  await ctx.db
    .insert(users)
    .values({ id: throwawayId, name: 'Descartável', email: `${throwawayId}@test.local`, passwordHash: 'x' });
  return {
    name,
    appId,
    doomedAppId,
    publicEvent,
    privateEvent,
    doomedEvent,
    subscriptionId: subscription.id,
    doomedSubscriptionId: doomedSubscription.id,
    deliveryLogId: deliveryLog?.id as string,
    eventLogId: eventLog.id,
    batchEventLogId: batchEventLog.id,
    automation,
    doomedAutomation,
    inboundRequestId,
    notificationId,
    ownOperationalEndpointId,
    appOperationalEndpointId,
    doomedOperationalEndpointId,
    throwawayId,
  };
}

type Caller = { role: Role; token: string | null; id: string; email: string; password: string; name: string };

function callerOf(role: Role): Caller {
  if (role === 'anon') {
    return {
      role,
      token: null,
      id: cast.target.id,
      email: 'ninguem@test.local',
      password: 'senha-errada-1',
      name: '',
    };
  }
  if (role === 'admin') {
    return {
      role,
      token: t.adminToken,
      id: adminId,
      email: ADMIN.email,
      password: ADMIN.password,
      name: 'Administrador',
    };
  }
  const user = cast[role];
  return { role, token: user.token, id: user.id, email: user.email, password: user.password, name: role };
}

type Answer = Awaited<ReturnType<TestApp['get']>>;
const idsOf = (answer: Answer): string[] => (answer.body?.data ?? []).map((item: { id: string }) => item.id);

/** For lists: which of the world's entities the answer shows ('-' for none); else the status. */
function listed(answer: Answer, labels: Array<[string, string]>) {
  if (answer.status !== 200) return String(answer.status);
  const ids = idsOf(answer);
  const shown = labels.filter(([, id]) => ids.includes(id)).map(([label]) => label);
  return shown.length ? shown.join('+') : '-';
}

/** A pending invitation of the world's application for the newcomer (who never answers it here). */
async function invitationFor(w: World) {
  await t.post(`/v1/applications/${w.appId}/members`, {
    body: { email: cast.newcomer.email },
    token: cast.owner.token,
  });
  const mine = await t.get('/v1/auth/me/invitations', { token: cast.newcomer.token });
  const invitation = mine.body.data.find(
    (item: { application: { id: string } }) => item.application.id === w.appId,
  );
  return invitation.id as string;
}

/** A fresh subscription of the consumer cliente-1, so each caller edits or deletes its own. */
async function consumerSubscriptionOf(w: World) {
  const subscription = await insertSubscription(t.ctx, w.privateEvent.id, {
    consumerApplicationId: w.appId,
    consumerId: 'cliente-1',
  });
  return subscription.id;
}

let aliasCounter = 0;

// Write-only secrets of the rows for issue #38's fields: a 2xx answering one is a 'leak'.
const PROXY_PASSWORD = 'senha-do-proxy-matriz';
const CLIENT_SECRET = 'segredo-oauth2-matriz';
const { client: clientCertificate } = makeTestCertificates();
const PRIVATE_KEY_LINE = clientCertificate.key.split('\n')[1] ?? clientCertificate.key;

async function withoutSecrets(sent: Promise<Answer>): Promise<Answer | string> {
  const answer = await sent;
  const text = JSON.stringify(answer.body ?? null);
  const leaks = [PROXY_PASSWORD, CLIENT_SECRET, PRIVATE_KEY_LINE].some((secret) => text.includes(secret));
  return answer.status < 300 && leaks ? 'leak' : answer;
}

/** A subscription that authenticates with OAuth2 client credentials and presents a client certificate. */
const OAUTH2_AND_MTLS = {
  authType: 'OAUTH2_CLIENT_CREDENTIALS',
  authDetails: {
    tokenUrl: 'https://auth.example.com/token',
    clientId: 'matriz',
    clientSecret: CLIENT_SECRET,
  },
  clientTls: { certificate: clientCertificate.cert, privateKey: clientCertificate.key },
};

/** How each route of MATRIX is called, and what of its answer is compared. */
const CALLS: Record<string, (w: World, c: Caller) => Promise<Answer | string>> = {
  'GET /v1/applications': async (w, c) =>
    listed(await t.get(`/v1/applications?limit=100&search=${encodeURIComponent(w.name)}`, c), [
      ['app', w.appId],
    ]),
  'GET /v1/applications ?scope=discover': async (w, c) =>
    listed(await t.get(`/v1/applications?limit=100&scope=discover&search=${encodeURIComponent(w.name)}`, c), [
      ['app', w.appId],
    ]),
  'POST /v1/applications': (_w, c) => t.post('/v1/applications', { body: { name: 'Nova' }, token: c.token }),
  'GET /v1/applications/{id}': (w, c) => t.get(`/v1/applications/${w.appId}`, c),
  'GET /v1/applications/{id}/api-key': (w, c) => t.get(`/v1/applications/${w.appId}/api-key`, c),
  'PUT /v1/applications/{id}': (w, c) =>
    t.put(`/v1/applications/${w.appId}`, { body: { name: w.name }, token: c.token }),
  // On the other application: the world's own keeps sending without a proxy for the rows after.
  'PUT /v1/applications/{id} outboundProxy': (w, c) =>
    withoutSecrets(
      t.put(`/v1/applications/${w.doomedAppId}`, {
        body: { outboundProxy: { url: `http://operador:${PROXY_PASSWORD}@proxy.example.com:3128` } },
        token: c.token,
      }),
    ),
  'GET /v1/applications/{id}/catalog': async (w, c) => {
    const answer = await t.get(`/v1/applications/${w.appId}/catalog`, c);
    return listed({ ...answer, body: { data: answer.body?.events } }, [
      ['pub', w.publicEvent.id],
      ['priv', w.privateEvent.id],
    ]);
  },
  'GET /v1/applications/{id}/catalog/openapi.json': (w, c) =>
    t.get(`/v1/applications/${w.appId}/catalog/openapi.json`, c),
  'POST /v1/applications/{id}/regenerate-key': (w, c) =>
    t.post(`/v1/applications/${w.appId}/regenerate-key`, c),
  'GET /v1/applications/{id}/callback-secret': (w, c) =>
    t.get(`/v1/applications/${w.appId}/callback-secret`, c),
  'POST /v1/applications/{id}/callback-secret/rotate': (w, c) =>
    t.post(`/v1/applications/${w.appId}/callback-secret/rotate`, c),
  'GET /v1/applications/{id}/members': (w, c) => t.get(`/v1/applications/${w.appId}/members`, c),
  'POST /v1/applications/{id}/members': (w, c) =>
    t.post(`/v1/applications/${w.appId}/members`, { body: { email: cast.newcomer.email }, token: c.token }),
  'PUT /v1/applications/{id}/members/{userId}': (w, c) =>
    t.put(`/v1/applications/${w.appId}/members/${cast.target.id}`, {
      body: { canWrite: true },
      token: c.token,
    }),
  'POST /v1/applications/{id}/transfer-ownership': (w, c) =>
    // On the other application, so the owner stays the owner of the first for the rows after.
    t.post(`/v1/applications/${w.doomedAppId}/transfer-ownership`, {
      body: { userId: cast.writer.id },
      token: c.token,
    }),
  'GET /v1/applications/{id}/invitations': (w, c) => t.get(`/v1/applications/${w.appId}/invitations`, c),
  'GET /v1/auth/me/invitations': (_w, c) => t.get('/v1/auth/me/invitations', c),
  // An invitation addressed to the newcomer: nobody else may answer it.
  'POST /v1/auth/me/invitations/{id}/accept': async (w, c) =>
    t.post(`/v1/auth/me/invitations/${await invitationFor(w)}/accept`, c),
  'POST /v1/auth/me/invitations/{id}/decline': async (w, c) =>
    t.post(`/v1/auth/me/invitations/${await invitationFor(w)}/decline`, c),
  'GET /v1/events': async (w, c) =>
    listed(await t.get(`/v1/events?limit=100&applicationId=${w.appId}`, c), [
      ['pub', w.publicEvent.id],
      ['priv', w.privateEvent.id],
    ]),
  'GET /v1/events ?scope=discover': async (w, c) =>
    listed(await t.get(`/v1/events?limit=100&scope=discover&applicationId=${w.appId}`, c), [
      ['pub', w.publicEvent.id],
      ['priv', w.privateEvent.id],
    ]),
  'POST /v1/events': (w, c) => {
    aliasCounter += 1;
    return t.post('/v1/events', {
      body: { applicationId: w.appId, name: 'Novo', alias: `matriz.novo${aliasCounter}` },
      token: c.token,
    });
  },
  'GET /v1/events/{id} public event': (w, c) => t.get(`/v1/events/${w.publicEvent.id}`, c),
  'GET /v1/events/{id} private event': (w, c) => t.get(`/v1/events/${w.privateEvent.id}`, c),
  'GET /v1/events/{id}/schemas public event': (w, c) => t.get(`/v1/events/${w.publicEvent.id}/schemas`, c),
  'GET /v1/events/{id}/schemas private event': (w, c) => t.get(`/v1/events/${w.privateEvent.id}/schemas`, c),
  'PUT /v1/events/{id}': (w, c) =>
    t.put(`/v1/events/${w.publicEvent.id}`, { body: { name: 'Renomeado' }, token: c.token }),
  'POST /v1/events/emit': (w, c) =>
    t.post('/v1/events/emit', {
      body: { applicationId: w.appId, eventType: w.publicEvent.alias, data: { n: 1 } },
      token: c.token,
    }),
  'GET /v1/subscriptions': async (w, c) =>
    listed(await t.get(`/v1/subscriptions?limit=100&applicationId=${w.appId}`, c), [
      ['sub', w.subscriptionId],
    ]),
  'POST /v1/subscriptions': (w, c) =>
    t.post('/v1/subscriptions', {
      body: {
        eventId: w.publicEvent.id,
        name: 'Minha',
        targetUrl: 'https://example.com/hook',
        jsonBody: { a: 1 },
      },
      token: c.token,
    }),
  'POST /v1/subscriptions OAuth2 and mTLS': (w, c) =>
    withoutSecrets(
      t.post('/v1/subscriptions', {
        body: {
          eventId: w.publicEvent.id,
          name: 'Com OAuth2',
          targetUrl: 'https://example.com/hook',
          jsonBody: { a: 1 },
          ...OAUTH2_AND_MTLS,
        },
        token: c.token,
      }),
    ),
  'GET /v1/subscriptions/{id}': (w, c) => t.get(`/v1/subscriptions/${w.subscriptionId}`, c),
  'GET /v1/subscriptions/{id}/health': (w, c) => t.get(`/v1/subscriptions/${w.subscriptionId}/health`, c),
  'PUT /v1/subscriptions/{id}': (w, c) =>
    t.put(`/v1/subscriptions/${w.subscriptionId}`, { body: { name: 'Renomeada' }, token: c.token }),
  // On the subscription deleted later: the world's own keeps its plain receiver for the test row.
  'PUT /v1/subscriptions/{id} OAuth2 and mTLS': (w, c) =>
    withoutSecrets(
      t.put(`/v1/subscriptions/${w.doomedSubscriptionId}`, { body: OAUTH2_AND_MTLS, token: c.token }),
    ),
  'POST /v1/subscriptions/{id}/rotate-secret': (w, c) =>
    t.post(`/v1/subscriptions/${w.subscriptionId}/rotate-secret`, c),
  'POST /v1/subscriptions/{id}/test': (w, c) => t.post(`/v1/subscriptions/${w.subscriptionId}/test`, c),
  'GET /v1/applications/{id}/consumers': (w, c) => t.get(`/v1/applications/${w.appId}/consumers`, c),
  'GET /v1/applications/{id}/consumers/{consumerId}/subscriptions': (w, c) =>
    t.get(`/v1/applications/${w.appId}/consumers/cliente-1/subscriptions`, c),
  'POST /v1/applications/{id}/consumers/{consumerId}/subscriptions': (w, c) =>
    t.post(`/v1/applications/${w.appId}/consumers/cliente-1/subscriptions`, {
      body: {
        eventId: w.privateEvent.id,
        name: 'Do cliente',
        targetUrl: 'https://example.com/c',
        jsonBody: {},
      },
      token: c.token,
    }),
  'PATCH /v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}': async (w, c) =>
    t.patch(
      `/v1/applications/${w.appId}/consumers/cliente-1/subscriptions/${await consumerSubscriptionOf(w)}`,
      {
        body: { name: 'Renomeada' },
        token: c.token,
      },
    ),
  'DELETE /v1/applications/{id}/consumers/{consumerId}/subscriptions/{subId}': async (w, c) =>
    t.del(
      `/v1/applications/${w.appId}/consumers/cliente-1/subscriptions/${await consumerSubscriptionOf(w)}`,
      c,
    ),
  'POST /v1/applications/{id}/portal-sessions': (w, c) =>
    t.post(`/v1/applications/${w.appId}/portal-sessions`, {
      body: { consumerId: 'cliente-1' },
      token: c.token,
    }),
  'DELETE /v1/applications/{id}/portal-sessions/{sessionId}': async (w, c) => {
    const opened = await t.post(`/v1/applications/${w.appId}/portal-sessions`, {
      body: { consumerId: 'cliente-1' },
      token: t.adminToken,
    });
    return t.del(`/v1/applications/${w.appId}/portal-sessions/${opened.body.data.id}`, c);
  },
  'DELETE /v1/applications/{id}/consumers/{consumerId}/portal-sessions': (w, c) =>
    t.del(`/v1/applications/${w.appId}/consumers/cliente-1/portal-sessions`, c),
  'GET /v1/portal/events': (_w, c) => t.get(`/v1/portal/events`, c),
  'GET /v1/portal/session': (_w, c) => t.get(`/v1/portal/session`, c),
  'GET /v1/portal/subscriptions': (_w, c) => t.get(`/v1/portal/subscriptions`, c),
  'POST /v1/portal/subscriptions': (_w, c) =>
    t.post(`/v1/portal/subscriptions`, { body: {}, token: c.token }),
  'GET /v1/portal/subscriptions/{id}': (w, c) => t.get(`/v1/portal/subscriptions/${w.subscriptionId}`, c),
  'PUT /v1/portal/subscriptions/{id}': (w, c) =>
    t.put(`/v1/portal/subscriptions/${w.subscriptionId}`, { body: {}, token: c.token }),
  'DELETE /v1/portal/subscriptions/{id}': (w, c) => t.del(`/v1/portal/subscriptions/${w.subscriptionId}`, c),
  'POST /v1/portal/subscriptions/{id}/test': (w, c) =>
    t.post(`/v1/portal/subscriptions/${w.subscriptionId}/test`, { body: {}, token: c.token }),
  'POST /v1/portal/subscriptions/{id}/rotate-secret': (w, c) =>
    t.post(`/v1/portal/subscriptions/${w.subscriptionId}/rotate-secret`, { body: {}, token: c.token }),
  'GET /v1/portal/subscriptions/{id}/health': (w, c) =>
    t.get(`/v1/portal/subscriptions/${w.subscriptionId}/health`, c),
  'GET /v1/portal/logs': (_w, c) => t.get(`/v1/portal/logs`, c),
  'GET /v1/portal/logs/{id}': (w, c) => t.get(`/v1/portal/logs/${w.deliveryLogId}`, c),
  'POST /v1/portal/logs/{id}/resend': (w, c) =>
    t.post(`/v1/portal/logs/${w.deliveryLogId}/resend`, { body: {}, token: c.token }),
  'GET /v1/logs': async (w, c) =>
    listed(await t.get(`/v1/logs?limit=100&eventId=${w.publicEvent.id}`, c), [['log', w.deliveryLogId]]),
  'GET /v1/logs/{id}': (w, c) => t.get(`/v1/logs/${w.deliveryLogId}`, c),
  'POST /v1/logs/{id}/retry': (w, c) => t.post(`/v1/logs/${w.deliveryLogId}/retry`, c),
  // Not a FIFO delivery: whoever may write it is told why it cannot be skipped (409).
  'POST /v1/logs/{id}/skip': (w, c) =>
    t.post(`/v1/logs/${w.deliveryLogId}/skip`, { ...c, body: { reason: 'motivo' } }),
  // After the retry above, which needs the log still FAILED.
  'POST /v1/subscriptions/{id}/recover': (w, c) =>
    t.post(`/v1/subscriptions/${w.subscriptionId}/recover`, {
      body: { since: new Date(t.ctx.clock().getTime() - 3_600_000).toISOString() },
      token: c.token,
    }),
  'GET /v1/stats/deliveries ?subscriptionId': (w, c) =>
    t.get(
      `/v1/stats/deliveries?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z&bucketMinutes=60&subscriptionId=${w.subscriptionId}`,
      c,
    ),
  'POST /v1/events/{id}/test-callback': (w, c) => t.post(`/v1/events/${w.publicEvent.id}/test-callback`, c),
  'GET /v1/rabbitmq/events': async (w, c) =>
    listed(await t.get(`/v1/rabbitmq/events?limit=100&organizationId=${encodeURIComponent(w.name)}`, c), [
      ['log', w.eventLogId],
    ]),
  'GET /v1/rabbitmq/events/failed': async (w, c) =>
    listed(
      await t.get(`/v1/rabbitmq/events/failed?limit=100&organizationId=${encodeURIComponent(w.name)}`, c),
      [['log', w.eventLogId]],
    ),
  'GET /v1/rabbitmq/events/{id}': (w, c) => t.get(`/v1/rabbitmq/events/${w.eventLogId}`, c),
  'POST /v1/rabbitmq/events/{id}/reprocess': (w, c) =>
    t.post(`/v1/rabbitmq/events/${w.eventLogId}/reprocess`, c),
  'POST /v1/rabbitmq/events/reprocess-batch': async (w, c) => {
    const answer = await t.post('/v1/rabbitmq/events/reprocess-batch', {
      body: { eventIds: [w.batchEventLogId] },
      token: c.token,
    });
    if (answer.status !== 200) return String(answer.status);
    return answer.body.stats.succeeded === 1 ? 'all' : answer.body.stats.failed === 1 ? 'none' : 'other';
  },
  'GET /v1/routes': async (w, c) =>
    listed(await t.get(`/v1/routes?limit=100&applicationId=${w.appId}`, c), [
      ['route', w.automation.routeId],
    ]),
  'POST /v1/routes': (w, c) =>
    t.post('/v1/routes', {
      body: { applicationId: w.appId, name: 'Nova', endpoint: '/nova' },
      token: c.token,
    }),
  'GET /v1/routes/{id}': (w, c) => t.get(`/v1/routes/${w.automation.routeId}`, c),
  'PUT /v1/routes/{id}': (w, c) =>
    t.put(`/v1/routes/${w.automation.routeId}`, { body: { name: 'Renomeada' }, token: c.token }),
  'GET /v1/route-event-types': async (w, c) =>
    listed(await t.get('/v1/route-event-types', c), [['type', w.automation.eventTypeId]]),
  'POST /v1/route-event-types': (w, c) => {
    aliasCounter += 1;
    return t.post('/v1/route-event-types', {
      body: { routeId: w.automation.routeId, name: 'Novo', alias: `matriz.tipo${aliasCounter}` },
      token: c.token,
    });
  },
  'GET /v1/route-event-types/{id}': (w, c) => t.get(`/v1/route-event-types/${w.automation.eventTypeId}`, c),
  'PUT /v1/route-event-types/{id}': (w, c) =>
    t.put(`/v1/route-event-types/${w.automation.eventTypeId}`, {
      body: { name: 'Renomeado' },
      token: c.token,
    }),
  'GET /v1/route-fields': async (w, c) =>
    listed(await t.get('/v1/route-fields', c), [['field', w.automation.fieldId]]),
  'POST /v1/route-fields': (w, c) => {
    aliasCounter += 1;
    return t.post('/v1/route-fields', {
      body: { routeId: w.automation.routeId, name: 'Novo', type: 'number', path: `data.n${aliasCounter}` },
      token: c.token,
    });
  },
  'GET /v1/route-fields/{id}': (w, c) => t.get(`/v1/route-fields/${w.automation.fieldId}`, c),
  'PUT /v1/route-fields/{id}': (w, c) =>
    t.put(`/v1/route-fields/${w.automation.fieldId}`, { body: { name: 'Renomeado' }, token: c.token }),
  'GET /v1/event-rules': async (w, c) =>
    listed(await t.get(`/v1/event-rules?limit=100&applicationId=${w.appId}`, c), [
      ['rule', w.automation.ruleId],
    ]),
  'POST /v1/event-rules': (w, c) =>
    t.post('/v1/event-rules', {
      body: {
        name: 'Nova',
        applicationId: w.appId,
        routeId: w.automation.routeId,
        routeEventTypeId: w.automation.eventTypeId,
        conditions: { rules: [{ field: 'data.a', operator: 'EQUALS', values: ['b'] }] },
      },
      token: c.token,
    }),
  'GET /v1/event-rules/{id}': (w, c) => t.get(`/v1/event-rules/${w.automation.ruleId}`, c),
  'PUT /v1/event-rules/{id}': (w, c) =>
    t.put(`/v1/event-rules/${w.automation.ruleId}`, { body: { name: 'Renomeada' }, token: c.token }),
  'PATCH /v1/event-rules/{id}/toggle': (w, c) => t.patch(`/v1/event-rules/${w.automation.ruleId}/toggle`, c),
  'POST /v1/event-rules/{id}/link-event': (w, c) =>
    t.post(`/v1/event-rules/${w.automation.ruleId}/link-event`, {
      body: { eventId: w.publicEvent.id },
      token: c.token,
    }),
  'DELETE /v1/event-rules/{id}/link-event': (w, c) =>
    t.del(`/v1/event-rules/${w.automation.ruleId}/link-event`, c),
  'GET /v1/event-rules/{id}/executions': (w, c) =>
    t.get(`/v1/event-rules/${w.automation.ruleId}/executions`, c),
  'POST /v1/emit-rules': (w, c) =>
    t.post('/v1/emit-rules', {
      body: { applicationId: w.appId, eventType: w.automation.alias, data: { message: { text: 'ajuda' } } },
      token: c.token,
    }),
  'GET /v1/integration/routes': async (w, c) =>
    listed(await t.get(`/v1/integration/routes?applicationId=${w.appId}`, c), [
      ['route', w.automation.routeId],
    ]),
  'GET /v1/integration/routes/{id}/code': (w, c) =>
    t.get(`/v1/integration/routes/${w.automation.routeId}/code?language=python`, c),
  'GET /v1/integration/routes/{id}/payload': (w, c) =>
    t.get(`/v1/integration/routes/${w.automation.routeId}/payload`, c),
  'GET /v1/integration/rules/{id}/code': (w, c) =>
    t.get(`/v1/integration/rules/${w.automation.ruleId}/code?language=curl`, c),
  'GET /v1/integration/rules/{id}/payload': (w, c) =>
    t.get(`/v1/integration/rules/${w.automation.ruleId}/payload`, c),
  'DELETE /v1/event-rules/{id}': (w, c) => t.del(`/v1/event-rules/${w.doomedAutomation.ruleId}`, c),
  'DELETE /v1/route-fields/{id}': (w, c) => t.del(`/v1/route-fields/${w.doomedAutomation.fieldId}`, c),
  'DELETE /v1/route-event-types/{id}': (w, c) =>
    t.del(`/v1/route-event-types/${w.doomedAutomation.eventTypeId}`, c),
  'DELETE /v1/routes/{id}': (w, c) => t.del(`/v1/routes/${w.doomedAutomation.routeId}`, c),
  'POST /v1/routes/{id}/rotate-ingest-token': (w, c) =>
    t.post(`/v1/routes/${w.automation.routeId}/rotate-ingest-token`, c),
  'GET /v1/routes/{id}/inbound-requests': (w, c) =>
    t.get(`/v1/routes/${w.automation.routeId}/inbound-requests`, c),
  'GET /v1/inbound-requests/{id}': (w, c) => t.get(`/v1/inbound-requests/${w.inboundRequestId}`, c),
  'POST /v1/inbound-requests/{id}/reprocess': (w, c) =>
    t.post(`/v1/inbound-requests/${w.inboundRequestId}/reprocess`, c),
  // The route's current URL (a rotation above may have changed it).
  'POST /in/{token}/{endpoint}': async (w, c) => {
    const [route] = await t.ctx.db.select().from(routes).where(eq(routes.id, w.automation.routeId));
    return t.post(`/in/${route?.ingestToken}/entrada`, {
      body: { type: w.automation.alias, message: { text: 'ajuda' } },
      token: c.token,
    });
  },
  'GET /v1/notifications': async (w, c) =>
    listed(await t.get('/v1/notifications?limit=100', c), [['note', w.notificationId]]),
  'POST /v1/notifications/{id}/read': (w, c) => t.post(`/v1/notifications/${w.notificationId}/read`, c),
  'POST /v1/notifications/read-all': (_w, c) => t.post('/v1/notifications/read-all', c),
  'GET /v1/operational-endpoints': async (w, c) =>
    listed(await t.get('/v1/operational-endpoints?limit=100', c), [
      ['own', w.ownOperationalEndpointId],
      ['app', w.appOperationalEndpointId],
    ]),
  'GET /v1/operational-endpoints ?applicationId': async (w, c) =>
    listed(await t.get(`/v1/operational-endpoints?limit=100&applicationId=${w.appId}`, c), [
      ['own', w.ownOperationalEndpointId],
      ['app', w.appOperationalEndpointId],
    ]),
  'POST /v1/operational-endpoints': (w, c) =>
    t.post('/v1/operational-endpoints', {
      body: { url: receiver.url, eventTypes: ['subscription.disabled'], applicationId: w.appId },
      token: c.token,
    }),
  'GET /v1/operational-endpoints/{id}': (w, c) =>
    t.get(`/v1/operational-endpoints/${w.appOperationalEndpointId}`, c),
  'GET /v1/operational-endpoints/{id} own': (w, c) =>
    t.get(`/v1/operational-endpoints/${w.ownOperationalEndpointId}`, c),
  'PUT /v1/operational-endpoints/{id}': (w, c) =>
    t.put(`/v1/operational-endpoints/${w.appOperationalEndpointId}`, {
      body: { eventTypes: null },
      token: c.token,
    }),
  'DELETE /v1/operational-endpoints/{id}': (w, c) =>
    t.del(`/v1/operational-endpoints/${w.doomedOperationalEndpointId}`, c),
  'GET /v1/auth/me': (_w, c) => t.get('/v1/auth/me', c),
  'PUT /v1/auth/me': (_w, c) =>
    t.put('/v1/auth/me', { body: { name: c.name || 'x', email: c.email }, token: c.token }),
  'GET /v1/auth/me/stats': (_w, c) => t.get('/v1/auth/me/stats', c),
  'GET /v1/auth/me/export': async (w, c) => {
    const answer = await t.get('/v1/auth/me/export', c);
    if (answer.status !== 200) return String(answer.status);
    const ids = ['applications', 'events', 'subscriptions'].flatMap((key) =>
      (answer.body[key] as Array<{ id: string }>).map((item) => item.id),
    );
    const shown = listed({ ...answer, body: { data: ids.map((id) => ({ id })) } }, [
      ['app', w.appId],
      ['pub', w.publicEvent.id],
      ['priv', w.privateEvent.id],
      ['sub', w.subscriptionId],
    ]);
    return shown === 'app+pub+priv+sub' ? 'all' : shown;
  },
  'POST /v1/auth/change-password': (_w, c) =>
    t.post('/v1/auth/change-password', {
      body: { currentPassword: 'nao-e-a-senha-1', newPassword: 'outra-senha-segura-9' },
      token: c.token,
    }),
  'GET /healthz': (_w, c) => t.get('/healthz', c),
  'GET /readyz': (_w, c) => t.get('/readyz', c),
  'POST /v1/auth/login': (_w, c) =>
    t.post('/v1/auth/login', { body: { email: c.email, password: c.password }, token: null }),
  'POST /v1/auth/logout': async (_w, c) =>
    t.post('/v1/auth/logout', { token: c.role === 'anon' ? null : await t.login(c.email, c.password) }),
  'GET /v1/admin/users': (_w, c) => t.get('/v1/admin/users', c),
  'POST /v1/admin/users': (_w, c) =>
    t.post('/v1/admin/users', {
      body: { name: 'Nova Pessoa', email: `${newId()}@test.local`, password: 'senha-segura-1' },
      token: c.token,
    }),
  'GET /v1/admin/users/{id}': (w, c) => t.get(`/v1/admin/users/${w.throwawayId}`, c),
  'PUT /v1/admin/users/{id}': (w, c) =>
    t.put(`/v1/admin/users/${w.throwawayId}`, { body: { name: 'Outro' }, token: c.token }),
  'DELETE /v1/admin/users/{id}': (w, c) => t.del(`/v1/admin/users/${w.throwawayId}`, c),
  'GET /v1/retention': (_w, c) => t.get('/v1/retention', c),
  'PUT /v1/admin/retention': (_w, c) => t.put('/v1/admin/retention', { body: { days: 30 }, token: c.token }),
  'DELETE /v1/subscriptions/{id}': (w, c) => t.del(`/v1/subscriptions/${w.doomedSubscriptionId}`, c),
  'DELETE /v1/events/{id}': (w, c) => t.del(`/v1/events/${w.doomedEvent.id}`, c),
  'DELETE /v1/applications/{id}/members/{userId}': (w, c) =>
    t.del(`/v1/applications/${w.appId}/members/${cast.target.id}`, c),
  'DELETE /v1/applications/{id}': (w, c) => t.del(`/v1/applications/${w.doomedAppId}`, c),
  'DELETE /v1/applications/{id}/members/{userId} oneself': (w, c) =>
    t.del(`/v1/applications/${w.appId}/members/${c.id}`, c),
};

describe('access matrix: every route × every caller', () => {
  it('When the API is listed, then every route has a row in the matrix and every row a route', () => {
    const documented = Object.entries((t.app.swagger() as { paths: Record<string, object> }).paths).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const inMatrix = new Set(ROWS.map((row) => `${row.method} ${row.path}`));
    expect([...inMatrix].sort()).toEqual([...new Set(documented)].sort());
    expect(Object.keys(CALLS).sort()).toEqual(ROWS.map((row) => row.route).sort());
  });

  for (const visibility of ['PRIVATE', 'PUBLIC'] as const) {
    for (const role of ROLES) {
      it(`When ${role} calls every route on a ${visibility} application, then each answers as the matrix says`, async () => {
        const world = await buildWorld(visibility);
        const caller = callerOf(role);
        const observed: Record<string, string> = {};
        const expected: Record<string, string> = {};
        for (const row of ROWS) {
          const call = CALLS[row.route];
          if (!call) throw new Error(`no call for ${row.route}`);
          const answer = await call(world, caller);
          if (typeof answer !== 'string' && answer.status >= 400) {
            expect(typeof answer.body?.error, `${row.route}: error message`).toBe('string');
          }
          observed[row.route] = typeof answer === 'string' ? answer : String(answer.status);
          expected[row.route] = row.expected[role][visibility === 'PRIVATE' ? 0 : 1];
        }
        expect(observed).toEqual(expected);
      });
    }
  }
});

/** What the automation resources (routes, rules, executions...) will answer: see applicationInternalResource. */
const INTERNAL = `
need    stranger  stripped  reader  writer  deleter  owner  admin
read    404       404       200     200     200      200    200
write   404       404       403     200     403      200    200
delete  404       404       403     403     200      200    200
`;

describe('application-internal resources', () => {
  it('When each caller needs read, write or delete under an application, then members by their flags, admins always, others 404 whatever its visibility', async () => {
    const lines = INTERNAL.trim().split('\n');
    const roles = (lines[0] ?? '').split(/\s+/).slice(1) as Exclude<Role, 'anon'>[];
    for (const visibility of ['PRIVATE', 'PUBLIC'] as const) {
      const { appId } = await buildWorld(visibility);
      const observed: string[] = [];
      for (const line of lines.slice(1)) {
        const need = line.split(/\s+/)[0] as 'read' | 'write' | 'delete';
        const cells: string[] = [need];
        for (const role of roles) {
          const userId = role === 'admin' ? adminId : cast[role].id;
          const [user] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
          if (!user) throw new Error(`no user ${role}`);
          const status = await requireAccess(t.ctx, user, applicationInternalAccess, appId, need).then(
            () => 200,
            (error: { status: number }) => error.status,
          );
          cells.push(String(status));
        }
        observed.push(cells.join(' '));
      }
      expect(observed, visibility).toEqual(lines.slice(1).map((line) => line.split(/\s+/).join(' ')));
    }
  });
});
