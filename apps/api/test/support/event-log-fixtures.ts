import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../src/context';
import { applications, eventLogs, userApplications } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';

/** An application row with `members` linked (write access unless told otherwise). */
export async function insertApplication(
  ctx: AppContext,
  members: Array<{ userId: string; canWrite?: boolean }> = [],
): Promise<string> {
  const id = newId();
  await ctx.db.insert(applications).values({
    id,
    name: `App ${id.slice(-6)}`,
    apiKeyHash: randomBytes(16).toString('hex'),
    apiKeyEncrypted: 'x',
    apiKeyPrefix: 'wm_test',
  });
  for (const member of members) {
    await ctx.db.insert(userApplications).values({
      userId: member.userId,
      applicationId: id,
      canRead: true,
      canWrite: member.canWrite ?? true,
    });
  }
  return id;
}

type EventLogRow = typeof eventLogs.$inferInsert;

/** An event log as a queued emit would leave it. */
export async function insertEventLog(
  ctx: AppContext,
  applicationId: string,
  fields: Partial<EventLogRow> = {},
): Promise<EventLogRow & { id: string }> {
  const row = {
    id: newId(),
    eventId: newId(),
    eventType: 'order.created',
    organizationId: applicationId,
    queueType: 'RABBITMQ',
    status: 'PENDING',
    retryCount: 0,
    payload: { order: 1 },
    applicationId,
    ...fields,
  };
  await ctx.db.insert(eventLogs).values(row);
  return row;
}
