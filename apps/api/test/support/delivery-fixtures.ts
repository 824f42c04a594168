import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { announceLocalChange, CHANGE_CHANNELS } from '../../src/db/change-channel';
import { applications, deliveryLogs, events, subscriptions, userApplications } from '../../src/db/schema';
import type { FilterRow } from '../../src/db/schema/events';
import { newId } from '../../src/lib/ids';
import { apiKeyColumns, generateApiKey } from '../../src/modules/applications/api-keys';
import { waitFor } from './wait-for';

export type ReceivedRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
};

type Reply = { status?: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export type Receiver = {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Decides each answer; default 200 "ok". */
  reply: (request: ReceivedRequest, index: number) => Reply;
  close(): Promise<void>;
};

/** A real HTTP receiver on 127.0.0.1, port chosen by the OS. */
export async function startReceiver(reply?: Receiver['reply']): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const receiver = { requests, reply: reply ?? (() => ({})) } as Receiver;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      requests.push(request);
      const answer = receiver.reply(request, requests.length - 1);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? 'ok');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export async function insertApplication(
  ctx: AppContext,
  input: { ownerId?: string; visibility?: string; callbackUrl?: string | null } = {},
) {
  const apiKey = generateApiKey();
  const id = newId();
  await ctx.db.insert(applications).values({
    id,
    name: `App ${id.slice(-6)}`,
    ...apiKeyColumns(ctx, apiKey),
    visibility: input.visibility ?? 'PRIVATE',
    callbackUrl: input.callbackUrl ?? null,
    createdBy: input.ownerId ?? null,
  });
  if (input.ownerId) {
    await ctx.db
      .insert(userApplications)
      .values({ userId: input.ownerId, applicationId: id, isOwner: true, canWrite: true, canDelete: true });
  }
  return { id, apiKey };
}

export async function addMember(
  ctx: AppContext,
  applicationId: string,
  userId: string,
  permissions: { canRead?: boolean; canWrite?: boolean; canDelete?: boolean },
) {
  await ctx.db.insert(userApplications).values({
    userId,
    applicationId,
    isOwner: false,
    canRead: permissions.canRead ?? true,
    canWrite: permissions.canWrite ?? false,
    canDelete: permissions.canDelete ?? false,
  });
}

export async function insertEvent(
  ctx: AppContext,
  applicationId: string,
  input: Partial<typeof events.$inferInsert> = {},
) {
  const id = newId();
  const alias = input.alias ?? `evento.${id.slice(-8)}`;
  await ctx.db.insert(events).values({ id, applicationId, name: `Evento ${alias}`, alias, ...input });
  announceLocalChange(ctx, CHANGE_CHANNELS.emitTargets);
  return { id, alias };
}

export async function insertSubscription(
  ctx: AppContext,
  eventId: string,
  input: Partial<typeof subscriptions.$inferInsert> & { filters?: FilterRow[] } = {},
) {
  const id = newId();
  const secret = input.secret ?? newSecret();
  await ctx.db.insert(subscriptions).values({
    id,
    eventId,
    name: `Assinatura ${id.slice(-6)}`,
    targetUrl: 'http://127.0.0.1:9/',
    secret,
    ...input,
  });
  // Written around the services: this process's emits must see it at once, as after a service write.
  announceLocalChange(ctx, CHANGE_CHANNELS.emitTargets);
  return { id, secret };
}

/** One application with one event and a subscription to it: what an emit can be posted to. */
export async function insertEmitTarget(ctx: AppContext) {
  const app = await insertApplication(ctx);
  const event = await insertEvent(ctx, app.id);
  await insertSubscription(ctx, event.id);
  return { app, event };
}

export async function setEventStatus(ctx: AppContext, eventId: string, status: string) {
  await ctx.db.update(events).set({ status }).where(eq(events.id, eventId));
  announceLocalChange(ctx, CHANGE_CHANNELS.emitTargets);
}

export async function readSubscription(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function readLogsOf(ctx: AppContext, occurrenceId: string) {
  return ctx.db.select().from(deliveryLogs).where(eq(deliveryLogs.occurrenceId, occurrenceId));
}

/** The occurrence's (first) delivery once its status passes `isWanted`; fails the test after 10 s without. */
const firstDeliveryWhen = (
  ctx: AppContext,
  occurrenceId: string,
  isWanted: (status: string) => boolean,
  what: string,
) =>
  waitFor(
    async () => {
      const [log] = await readLogsOf(ctx, occurrenceId);
      return log && isWanted(log.status) ? log : null;
    },
    10_000,
    what,
  );

/** The occurrence's (first) delivery once it has `status`. */
export const deliveryWithStatus = (ctx: AppContext, occurrenceId: string, status: string) =>
  firstDeliveryWhen(ctx, occurrenceId, (current) => current === status, `the delivery to be ${status}`);

/** The occurrence's (first) delivery once it has ended, SUCCESS or FAILED. */
export const endedDelivery = (ctx: AppContext, occurrenceId: string) =>
  firstDeliveryWhen(
    ctx,
    occurrenceId,
    (current) => current === 'SUCCESS' || current === 'FAILED',
    'the delivery to end',
  );

export const isFinal = (status: string) => ['SUCCESS', 'FAILED', 'IGNORED'].includes(status);
