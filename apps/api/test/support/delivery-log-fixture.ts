import { deliveryLogs, occurrences } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import type { TestApp } from './test-app';

/** One emitted occurrence of `event` with one delivery log of `subscriptionId`, inserted directly. */
export async function insertDeliveryLog(
  t: TestApp,
  input: {
    event: { id: string; alias: string };
    applicationId: string;
    subscriptionId: string;
    status: 'SUCCESS' | 'FAILED';
  },
) {
  const occurrenceId = newId();
  await t.ctx.db.insert(occurrences).values({
    id: occurrenceId,
    eventId: input.event.id,
    applicationId: input.applicationId,
    eventType: input.event.alias,
    data: {},
  });
  await t.ctx.db.insert(deliveryLogs).values({
    id: newId(),
    occurrenceId,
    subscriptionId: input.subscriptionId,
    eventId: input.event.id,
    status: input.status,
  });
  return occurrenceId;
}
