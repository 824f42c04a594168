import { maskAuthDetails, type TEvent } from '@wm/contracts';
import type { events } from '../../db/schema';
import type { Cipher } from '../../lib/crypto';
import { openAuthDetails } from '../../lib/sealed-auth-details';

type EventRow = typeof events.$inferSelect;

export function toEventView(
  cipher: Cipher,
  row: EventRow,
  extra: { applicationName: string; subscriptionCount: number; canWrite: boolean; canDelete: boolean },
): TEvent {
  return {
    id: row.id,
    applicationId: row.applicationId,
    name: row.name,
    alias: row.alias,
    status: row.status as TEvent['status'],
    visibility: row.visibility as TEvent['visibility'],
    queueType: row.queueType as TEvent['queueType'],
    enableCallbacks: row.enableCallbacks,
    callbackUrl: row.callbackUrl,
    callbackAuthType: row.callbackAuthType as TEvent['callbackAuthType'],
    callbackAuthDetails: extra.canWrite
      ? openAuthDetails(cipher, row.callbackAuthDetails)
      : maskAuthDetails(row.callbackAuthType, row.callbackAuthDetails),
    bodyTemplate: row.bodyTemplate,
    delayBetweenSends: row.delayBetweenSends,
    messageTtl: row.messageTtl,
    maxRetries: row.maxRetries,
    priority: row.priority,
    schema: row.schema,
    examples: row.examples,
    schemaValidation: row.schemaValidation as TEvent['schemaValidation'],
    schemaVersion: row.schemaVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    application: { id: row.applicationId, name: extra.applicationName },
    _count: { subscriptions: Number(extra.subscriptionCount) },
    permissions: { canWrite: extra.canWrite, canDelete: extra.canDelete },
  };
}
