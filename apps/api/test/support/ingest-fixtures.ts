import type { AddressInfo } from 'node:net';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { eventLogs, inboundRequests, ruleExecutions } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from './test-app';
import { waitFor } from './wait-for';

let counter = 0;

/** POST /v1/routes for an inbound route; answers the route detail (from `data`). */
export async function createInboundRoute(
  t: TestApp,
  applicationId: string,
  overrides: Record<string, unknown>,
  token?: string,
) {
  counter += 1;
  const res = await t.post('/v1/routes', {
    token,
    body: { applicationId, name: `Entrada ${counter}`, endpoint: `/entrada/${counter}`, ...overrides },
  });
  if (res.status !== 201) throw new Error(`create route failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; applicationId: string; ingestUrl: string; method: string };
}

/** The app listening on 127.0.0.1 (a real socket, as senders reach it); answers its base URL. */
export async function listenOnLoopback(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** The route's ingest URL on the listening app (the path of its `ingestUrl`). */
export const ingestUrlOn = (baseUrl: string, route: { ingestUrl: string }) =>
  `${baseUrl}${new URL(route.ingestUrl).pathname}`;

export type InboundAnswer = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  body: any;
  headers: Headers;
};

/** Sends a request to an ingest URL over HTTP, the body exactly as given. */
export async function sendInbound(
  url: string,
  input: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<InboundAnswer> {
  const response = await fetch(url, {
    method: input.method ?? 'POST',
    headers: input.headers,
    body: input.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: response.status, body, headers: response.headers };
}

/** How many requests of the route were kept, and how many rules logs it made. */
export async function countInbound(ctx: AppContext, routeId: string) {
  const [requests] = await ctx.db
    .select({ n: count() })
    .from(inboundRequests)
    .where(eq(inboundRequests.routeId, routeId));
  const [logs] = await ctx.db.select({ n: count() }).from(eventLogs).where(eq(eventLogs.routeId, routeId));
  return { requests: Number(requests?.n ?? 0), logs: Number(logs?.n ?? 0) };
}

/** The rules log once the consumer settled it. */
export function settledEventLog(ctx: AppContext, eventLogId: string) {
  return waitFor(
    async () => {
      const [log] = await ctx.db.select().from(eventLogs).where(eq(eventLogs.id, eventLogId));
      return log && (log.status === 'SUCCESS' || log.status === 'FAILED') ? log : null;
    },
    20_000,
    'the rules log to settle',
  );
}

/** The successful executions of a rule. */
export async function countSuccessfulExecutions(ctx: AppContext, ruleId: string) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(ruleExecutions)
    .where(
      and(
        eq(ruleExecutions.ruleId, ruleId),
        eq(ruleExecutions.success, true),
        isNotNull(ruleExecutions.eventLogId),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * A verified request kept on the route (as an unknown type left it), whose body names `alias` in
 * `type` (the default event type source), inserted directly: for tests that only need one to exist.
 */
export async function insertKeptRequest(
  ctx: AppContext,
  automation: { routeId: string; alias: string },
  applicationId: string,
) {
  const id = newId();
  const body = Buffer.from(JSON.stringify({ type: automation.alias, message: { text: 'ajuda' } }));
  await ctx.db.insert(inboundRequests).values({
    id,
    routeId: automation.routeId,
    applicationId,
    method: 'POST',
    path: '/entrada',
    headers: { 'content-type': 'application/json' },
    body,
    contentType: 'application/json',
    sizeBytes: body.length,
    verificationType: 'NONE',
    isVerified: true,
    status: 'IGNORED',
    errorMessage: 'Tipo de evento não cadastrado nesta rota',
    createdAt: ctx.clock(),
  });
  return id;
}
