import {
  describeOperationalEvent,
  OPERATIONAL_EVENT_TYPES,
  type OperationalEventType,
  SUBSCRIPTION_DISABLED_REASONS,
  type SubscriptionDisabledReason,
  type TOperationalEvent,
} from '@wm/contracts';
import type { AppContext } from '../context';
import type { ScriptTransaction } from '../db/client';
import { OPERATIONAL_APPLICATION_ID, OPERATIONAL_EVENT_ID } from '../db/operational-system';
import { derivedId, idFloor, newIdAt } from '../lib/ids';
import {
  INSERT_NOTIFICATIONS,
  INSERT_OPERATIONAL_DELIVERIES,
  MARK_OPERATIONAL_EVENTS_PROCESSED,
  PURGE_OPERATIONAL_EVENTS,
  SELECT_LAST_ERRORS,
  SELECT_OPERATIONAL_TARGETS,
  TAKE_OPERATIONAL_EVENTS,
} from './operational-events-sql';
import { notifyDeliveryWorkers } from './wake';

const BATCH = 200;
const EVENTS_TOTAL = 'webhook_operational_events_total';
const EVENTS_HELP = 'Operational events produced, by type';

type EventRow = {
  id: string;
  type: OperationalEventType;
  subscription_id: string | null;
  route_id: string | null;
  delivery_log_id: string | null;
  reason: string | null;
  occurred_at: Date | string;
  subscription_name: string | null;
  target_url: string | null;
  event_id: string | null;
  event_name: string | null;
  route_name: string | null;
  application_id: string | null;
  application_name: string | null;
  recipients: string[] | null;
};

type ErrorRow = {
  id: string;
  updated_at: Date | string;
  http_status_code: number | null;
  error_message: string | null;
};

const toDisabledReason = (value: string | null): SubscriptionDisabledReason | null =>
  SUBSCRIPTION_DISABLED_REASONS.find((reason) => reason === value) ?? null;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The payload of one event, or null when what it is about was deleted since (nobody to tell).
 * `consoleUrl` is absolute with PUBLIC_URL, the console path without it.
 */
async function buildPayload(
  tx: ScriptTransaction,
  row: EventRow,
  publicUrl: string | undefined,
): Promise<TOperationalEvent | null> {
  const base = { id: row.id, timestamp: iso(row.occurred_at) };
  if (!row.application_id || !row.application_name) return null;
  const application = { applicationId: row.application_id, applicationName: row.application_name };
  let event: Omit<TOperationalEvent, 'consoleUrl'>;
  if (row.type === 'ingest.verification_failed') {
    if (!row.route_id || row.route_name === null) return null;
    event = {
      ...base,
      type: row.type,
      data: { routeId: row.route_id, routeName: row.route_name, ...application, reason: row.reason },
    };
  } else {
    if (!row.subscription_id || row.subscription_name === null || !row.event_id) return null;
    const subscription = {
      subscriptionId: row.subscription_id,
      subscriptionName: row.subscription_name,
      targetUrl: row.target_url ?? '',
      eventId: row.event_id,
      eventName: row.event_name ?? '',
      ...application,
    };
    if (row.type === 'subscription.disabled') {
      const errors = await tx.query<ErrorRow>(SELECT_LAST_ERRORS, [row.subscription_id]);
      event = {
        ...base,
        type: row.type,
        data: {
          ...subscription,
          reason: toDisabledReason(row.reason),
          lastErrors: errors.map((error) => ({
            deliveryLogId: error.id,
            at: iso(error.updated_at),
            httpStatusCode: error.http_status_code,
            errorMessage: error.error_message,
          })),
        },
      };
    } else if (row.type === 'delivery.failed') {
      event = {
        ...base,
        type: row.type,
        data: { ...subscription, deliveryLogId: row.delivery_log_id ?? '', reason: row.reason },
      };
    } else {
      event = { ...base, type: row.type, data: subscription };
    }
  }
  const link = describeOperationalEvent({ ...event, consoleUrl: '' } as TOperationalEvent).link;
  const consoleUrl = publicUrl ? `${publicUrl.replace(/\/+$/, '')}${link}` : link;
  return { ...event, consoleUrl } as TOperationalEvent;
}

type Built = { row: EventRow; payload: TOperationalEvent };

/**
 * Queues each event to the operational endpoints it goes to, in the job's transaction: an
 * occurrence of the system event (id derived from the event's, in its time's partition) and a
 * delivery log per endpoint (id derived from both). Answers how many logs it asked for.
 */
async function queueOperationalDeliveries(tx: ScriptTransaction, built: Built[], now: Date): Promise<number> {
  if (built.length === 0) return 0;
  const events = built.map(({ row, payload }) => ({
    id: row.id,
    type: row.type,
    application_id: payload.data.applicationId,
    recipients: row.recipients ?? [],
  }));
  const targets = await tx.query<{ event_id: string; endpoint_id: string }>(SELECT_OPERATIONAL_TARGETS, [
    JSON.stringify(events),
  ]);
  if (targets.length === 0) return 0;
  const occurrences = new Map<string, Record<string, unknown>>();
  const logs = targets.map((target) => {
    const { row, payload } = built.find((item) => item.row.id === target.event_id) as Built;
    const createdAt = new Date(row.occurred_at);
    const occurrenceId = derivedId(idFloor(createdAt.getTime()), row.id);
    occurrences.set(occurrenceId, {
      id: occurrenceId,
      event_id: OPERATIONAL_EVENT_ID,
      application_id: OPERATIONAL_APPLICATION_ID,
      event_type: row.type,
      data: payload.data,
      payload,
      created_at: createdAt.toISOString(),
    });
    return {
      id: derivedId(occurrenceId, target.endpoint_id),
      occurrence_id: occurrenceId,
      subscription_id: target.endpoint_id,
      event_id: OPERATIONAL_EVENT_ID,
      created_at: createdAt.toISOString(),
    };
  });
  await tx.query(INSERT_OPERATIONAL_DELIVERIES, [
    JSON.stringify([...occurrences.values()]),
    JSON.stringify(logs),
    now,
  ]);
  return logs.length;
}

/**
 * Turns the operational events the triggers wrote (migration 0710) into notices for their
 * recipients, a batch per transaction: the events are locked, the notices written and the events
 * marked processed together, so a crash leaves them to the next run and a repeat adds nothing.
 * Answers how many events it processed.
 */
export async function processOperationalEvents(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  for (const type of OPERATIONAL_EVENT_TYPES) ctx.metrics.increment(EVENTS_TOTAL, EVENTS_HELP, { type }, 0);
  let processed = 0;
  while (!signal?.aborted) {
    const counted = await ctx.database.inScriptTransaction(async (tx) => {
      const rows = await tx.query<EventRow>(TAKE_OPERATIONAL_EVENTS, [BATCH]);
      const notices: Record<string, unknown>[] = [];
      const payloads: Array<{ id: string; payload: TOperationalEvent | null }> = [];
      const built: Built[] = [];
      for (const row of rows) {
        const payload = await buildPayload(tx, row, ctx.config.PUBLIC_URL);
        payloads.push({ id: row.id, payload });
        if (!payload) continue;
        built.push({ row, payload });
        const notice = describeOperationalEvent(payload);
        for (const userId of row.recipients ?? []) {
          // One notice per user and link in a batch: the statement only sees notices of earlier batches.
          if (notices.some((n) => n.user_id === userId && n.type === row.type && n.link === notice.link))
            continue;
          notices.push({
            id: newIdAt(new Date(row.occurred_at)),
            user_id: userId,
            operational_event_id: row.id,
            type: row.type,
            ...notice,
            created_at: iso(row.occurred_at),
          });
        }
      }
      if (notices.length > 0) await tx.query(INSERT_NOTIFICATIONS, [JSON.stringify(notices)]);
      const queued = await queueOperationalDeliveries(tx, built, ctx.clock());
      if (rows.length > 0) {
        await tx.query(MARK_OPERATIONAL_EVENTS_PROCESSED, [JSON.stringify(payloads), ctx.clock()]);
      }
      return { rows, queued };
    });
    // After the commit: PGlite has one connection, which the transaction held.
    if (counted.queued > 0) notifyDeliveryWorkers(ctx);
    for (const row of counted.rows) ctx.metrics.increment(EVENTS_TOTAL, EVENTS_HELP, { type: row.type });
    processed += counted.rows.length;
    if (counted.rows.length < BATCH) break;
  }
  return processed;
}

/** Deletes processed events and notices from before `cutoff`; answers how many of each. */
export async function purgeOperationalEvents(ctx: AppContext, cutoff: Date) {
  const [row] = await ctx.database.query<{ events: number; notices: number }>(
    PURGE_OPERATIONAL_EVENTS,
    [cutoff],
    'purge_operational_events',
  );
  return { operationalEvents: row?.events ?? 0, notifications: row?.notices ?? 0 };
}
