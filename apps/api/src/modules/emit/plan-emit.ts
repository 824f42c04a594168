import type { AppContext } from '../../context';
import { planDeliveryLogs } from '../../delivery/plan-delivery-logs';
import { renderEventPayload } from '../../delivery/render-payload';
import { INVALID_API_KEY_MESSAGE } from '../../domain/api-key';
import { conflict, notFound, unauthorized, validationError } from '../../domain/errors';
import { newIdAt } from '../../lib/ids';
import { EVENT_NOT_FOUND } from '../access';
import { checkPayloadSchema } from './check-payload-schema';
import type { EmitTarget } from './emit-dependencies';
import { type EmitInput, type Emitter, storableHeaders } from './emit-input';
import { loadEmitTarget } from './load-emit-target';

/** What the emit fans out to; a caller's key that is not the application's answers 401 first. */
export async function loadCheckedTarget(ctx: AppContext, input: EmitInput & Emitter): Promise<EmitTarget> {
  const target = await loadEmitTarget(ctx, input.applicationId, input.eventType, input.apiKeyHash ?? null);
  if (input.apiKeyHash !== undefined && !target.isKeyValid) {
    throw unauthorized(INVALID_API_KEY_MESSAGE);
  }
  return target;
}

export const ORDERING_KEY_ONLY_FIFO = 'orderingKey só é aceito em eventos com fila FIFO';

/**
 * Everything an emit decides before it stores anything: the event accepts emits, the occurrence's
 * id and payload, and one planned delivery log per subscription. A real emit stores this plan and
 * a dry run answers it, so the two never disagree.
 */
export function planEmit(target: EmitTarget, input: EmitInput, now: Date) {
  const { event } = target;
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (event.status === 'INACTIVE') throw conflict('Evento inativo: emissões não são aceitas');
  if (event.status === 'FAILED') throw conflict('Evento em falha: emissões não são aceitas');
  if (input.orderingKey !== undefined && event.queueType !== 'FIFO') {
    throw validationError(ORDERING_KEY_ONLY_FIFO, [{ path: 'orderingKey', message: ORDERING_KEY_ONLY_FIFO }]);
  }
  // OFF (most events) costs one comparison; ENFORCE throws 422 before anything is planned.
  const schemaCheck = event.schemaValidation === 'OFF' ? null : checkPayloadSchema(event, input.data);

  const occurrenceId = newIdAt(now);
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
    targets: target.subscriptions,
    occurrenceId,
    headers,
    data: input.data,
    payload,
    timestamp,
    now,
  });
  return { event, occurrenceId, headers, timestamp, payload, logs, schemaCheck };
}
