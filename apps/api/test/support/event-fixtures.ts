import { randomUUID } from 'node:crypto';
import { applications, userApplications } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from './test-app';

type Flags = { isOwner?: boolean; canRead?: boolean; canWrite?: boolean; canDelete?: boolean };

/**
 * An application inserted directly (the applications API is another module),
 * owned by `ownerId` when given. API key columns hold dummy unique values.
 */
export async function insertApplication(
  t: TestApp,
  input: { ownerId?: string; name?: string; visibility?: 'PUBLIC' | 'PRIVATE' } = {},
) {
  const id = newId();
  const dummy = randomUUID();
  await t.ctx.db.insert(applications).values({
    id,
    name: input.name ?? `App ${dummy.slice(0, 8)}`,
    apiKeyHash: `hash-${dummy}`,
    apiKeyEncrypted: `enc-${dummy}`,
    apiKeyPrefix: `wm_${dummy.slice(0, 8)}`,
    visibility: input.visibility ?? 'PRIVATE',
    createdBy: input.ownerId ?? null,
  });
  if (input.ownerId)
    await addMember(t, id, input.ownerId, { isOwner: true, canWrite: true, canDelete: true });
  return id;
}

export async function addMember(t: TestApp, applicationId: string, userId: string, flags: Flags = {}) {
  await t.ctx.db.insert(userApplications).values({
    applicationId,
    userId,
    isOwner: flags.isOwner ?? false,
    canRead: flags.canRead ?? true,
    canWrite: flags.canWrite ?? false,
    canDelete: flags.canDelete ?? false,
  });
}

let aliasCounter = 0;

/** POST /v1/events with valid defaults; returns the created event (throws on failure). */
export async function createEvent(
  t: TestApp,
  applicationId: string,
  overrides: Record<string, unknown> = {},
  token?: string,
) {
  aliasCounter += 1;
  const res = await t.post('/v1/events', {
    token,
    body: { applicationId, name: `Evento ${aliasCounter}`, alias: `evento.${aliasCounter}`, ...overrides },
  });
  if (res.status !== 201) throw new Error(`create event failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** POST /v1/subscriptions with valid defaults; returns the created subscription (throws on failure). */
export async function createSubscription(
  t: TestApp,
  eventId: string,
  overrides: Record<string, unknown> = {},
  token?: string,
) {
  const res = await t.post('/v1/subscriptions', {
    token,
    body: {
      eventId,
      name: 'Assinatura',
      targetUrl: 'https://example.com/hook',
      jsonBody: { id: '#eventId#' },
      ...overrides,
    },
  });
  if (res.status !== 201)
    throw new Error(`create subscription failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
