import type { TEmitRequest, TEmitResponse } from '@wm/contracts';
import { evaluateFilters, type Filter } from '@wm/rules';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { deliveryLogs, eventLogs, events, occurrences, subscriptions } from '../../db/schema';
import { notifyDeliveryWorkers, notifyOccurrencesFinished } from '../../delivery/wake';
import { conflict, notFound } from '../../http/errors';
import { newId } from '../../lib/ids';
import { EVENT_NOT_FOUND } from '../access/service';
import { publishEventLog } from '../event-logs/publish';
import { renderEventPayload, renderSubscriptionBody } from './render-payload';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const CREDENTIAL_HEADERS = new Set(['authorization', 'x-api-key', 'cookie', 'proxy-authorization']);
export const AUTO_DISABLED_REASON = 'Assinatura desativada por falhas consecutivas';

export type EmitInput = TEmitRequest & {
  headers: Record<string, string | string[] | undefined>;
  idempotencyKey?: string;
};

/** Request headers as stored with the occurrence: credentials never kept. */
export function storableHeaders(headers: EmitInput['headers']): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || CREDENTIAL_HEADERS.has(name.toLowerCase())) continue;
    kept[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/**
 * Records an occurrence of an event and fans it out: in one transaction the
 * occurrence and one delivery log per ACTIVE subscription (PENDING when its
 * filters pass, IGNORED with the reason otherwise). A repeated idempotency key
 * within 24 h answers the first result and emits nothing.
 */
export async function emitEvent(ctx: AppContext, input: EmitInput): Promise<TEmitResponse> {
  const idempotencyKey = input.externalEventId ?? input.idempotencyKey ?? null;
  const now = ctx.clock();
  if (idempotencyKey) {
    const previous = await findPreviousAnswer(ctx, input.applicationId, idempotencyKey, now);
    if (previous) return previous;
  }
  const [event] = await ctx.db
    .select()
    .from(events)
    .where(and(eq(events.applicationId, input.applicationId), eq(events.alias, input.eventType)))
    .limit(1);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (event.status === 'INACTIVE') throw conflict('Evento inativo: emissões não são aceitas');
  if (event.status === 'FAILED') throw conflict('Evento em falha: emissões não são aceitas');

  const targets = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.eventId, event.id), inArray(subscriptions.status, ['ACTIVE', 'FAILED'])));

  const occurrenceId = newId();
  const headers = storableHeaders(input.headers);
  const timestamp = now.toISOString();
  const payload = renderEventPayload(event.bodyTemplate, {
    occurrenceId,
    eventName: event.name,
    timestamp,
    data: input.data,
  });
  const logs = planDeliveryLogs({
    event,
    targets,
    occurrenceId,
    headers,
    data: input.data,
    payload,
    timestamp,
    now,
  });
  // RABBITMQ events go through the queue: an event log now, the deliveries when the consumer takes it.
  const eventLogId = event.queueType === 'RABBITMQ' ? newId() : null;
  const pending = logs.filter((log) => log.status === 'PENDING').length;
  const answer: TEmitResponse = {
    occurrenceId,
    eventId: occurrenceId,
    deliveries: pending,
    ignored: logs.length - pending,
  };

  const isRecorded = await ctx.db.transaction(async (tx) => {
    if (idempotencyKey) {
      await tx
        .update(occurrences)
        .set({ idempotencyKey: null })
        .where(
          and(
            eq(occurrences.applicationId, input.applicationId),
            eq(occurrences.idempotencyKey, idempotencyKey),
            lte(occurrences.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
          ),
        );
    }
    const inserted = await tx
      .insert(occurrences)
      .values({
        id: occurrenceId,
        eventId: event.id,
        applicationId: input.applicationId,
        eventType: input.eventType,
        data: input.data,
        headers,
        payload,
        externalEventId: input.externalEventId ?? null,
        organizationId: input.organizationId ?? null,
        idempotencyKey,
        response: answer,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: occurrences.id });
    if (inserted.length === 0) return false;
    if (eventLogId) {
      await tx.insert(eventLogs).values({
        id: eventLogId,
        eventId: occurrenceId,
        eventType: input.eventType,
        organizationId: input.organizationId ?? input.applicationId,
        externalEventId: input.externalEventId ?? null,
        queueType: event.queueType,
        status: 'PENDING',
        payload,
        applicationId: input.applicationId,
        eventDefinitionId: event.id,
        createdAt: now,
        updatedAt: now,
      });
    } else if (logs.length > 0) {
      await tx.insert(deliveryLogs).values(logs);
    }
    return true;
  });

  if (!isRecorded && idempotencyKey) {
    const previous = await findPreviousAnswer(ctx, input.applicationId, idempotencyKey, now);
    if (previous) return previous;
  }
  if (eventLogId) await publishEventLog(ctx, { id: eventLogId }, event);
  else if (pending > 0) notifyDeliveryWorkers(ctx);
  else if (event.enableCallbacks) notifyOccurrencesFinished(ctx, [occurrenceId]);
  return answer;
}

async function findPreviousAnswer(ctx: AppContext, applicationId: string, key: string, now: Date) {
  const [previous] = await ctx.db
    .select({ response: occurrences.response })
    .from(occurrences)
    .where(
      and(
        eq(occurrences.applicationId, applicationId),
        eq(occurrences.idempotencyKey, key),
        gt(occurrences.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
      ),
    )
    .limit(1);
  return (previous?.response as TEmitResponse | undefined) ?? null;
}

type Targets = Array<typeof subscriptions.$inferSelect>;

/**
 * One delivery log per subscription of an occurrence: PENDING and due now when
 * its filters pass, IGNORED with the reason otherwise (auto-disabled
 * subscriptions included). Shared by the immediate path and the queue consumer.
 */
export function planDeliveryLogs(input: {
  event: typeof events.$inferSelect;
  targets: Targets;
  occurrenceId: string;
  headers: Record<string, string>;
  data: unknown;
  payload: unknown;
  timestamp: string;
  now: Date;
}) {
  const { event, occurrenceId, now } = input;
  const renderInput = { occurrenceId, eventName: event.name, timestamp: input.timestamp, data: input.data };
  return input.targets.map((subscription) => {
    const verdict =
      subscription.status === 'FAILED'
        ? { match: false, reason: AUTO_DISABLED_REASON }
        : evaluateFilters(subscription.filters as Filter[], { headers: input.headers, body: input.data });
    const isDue = verdict.match;
    return {
      id: newId(),
      occurrenceId,
      subscriptionId: subscription.id,
      eventId: event.id,
      status: isDue ? 'PENDING' : 'IGNORED',
      errorMessage: isDue ? null : (verdict.reason ?? 'Filtros não atendidos'),
      eventDataReceived: input.data,
      payloadSent: renderSubscriptionBody(subscription.jsonBody, renderInput, input.payload),
      nextAttemptAt: isDue ? now : null,
      processedAt: isDue ? null : now,
      createdAt: now,
      updatedAt: now,
    };
  });
}
