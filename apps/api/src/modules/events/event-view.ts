import { SECRET_AUTH_DETAIL_FIELDS, type TEvent } from '@wm/contracts';
import type { events } from '../../db/schema';

type EventRow = typeof events.$inferSelect;

export const MASK = '••••••••';

/** Secret detail values (password, token, value) replaced by a mask; usernames and header names stay. */
export function maskAuthDetails(details: Record<string, string> | null): Record<string, string> | null {
  if (!details) return null;
  return Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      (SECRET_AUTH_DETAIL_FIELDS as readonly string[]).includes(key) ? MASK : value,
    ]),
  );
}

export function toEventView(
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
    callbackAuthDetails: extra.canWrite ? row.callbackAuthDetails : maskAuthDetails(row.callbackAuthDetails),
    bodyTemplate: row.bodyTemplate,
    delayBetweenSends: row.delayBetweenSends,
    messageTtl: row.messageTtl,
    maxRetries: row.maxRetries,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    application: { id: row.applicationId, name: extra.applicationName },
    _count: { subscriptions: Number(extra.subscriptionCount) },
    permissions: { canWrite: extra.canWrite, canDelete: extra.canDelete },
  };
}
