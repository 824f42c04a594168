import { SCHEMA_VIOLATION_MESSAGE, type TEmitRulesResponse } from '@wm/contracts';
import type { AppContext } from '../../context';
import { INVALID_API_KEY_MESSAGE } from '../../domain/api-key';
import { forbidden, schemaViolation, unauthorized } from '../../domain/errors';
import { newIdAt } from '../../lib/ids';
import { inSpan, type Span } from '../../lib/tracing';
import { findPayloadViolations, type PayloadSchemaCheck, schemaColumns } from '../emit/check-payload-schema';
import { authorizeRulesEmitter, type EmitInput, type Emitter, storableHeaders } from '../emit/emit-input';
import { findPreviousAnswer } from '../emit/idempotency';
import { publishOrLeaveToSweep } from '../emit/publish-or-sweep';
import { recordEmit } from '../emit/record-emits';
import { findApplicationIdByKeyHash } from './queries';

export const KEY_OF_ANOTHER_APPLICATION = 'Esta chave de API pertence a outra aplicação';

/** A key that is this application's passes; another application's is refused (403); any other is unknown (401). */
export async function checkApiKey(ctx: AppContext, applicationId: string, apiKeyHash: string) {
  const ownerId = await findApplicationIdByKeyHash(ctx.db, apiKeyHash);
  if (!ownerId) throw unauthorized(INVALID_API_KEY_MESSAGE);
  if (ownerId !== applicationId) throw forbidden(KEY_OF_ANOTHER_APPLICATION);
}

/**
 * Accepts data for the application's rules: atomically an occurrence (no event) and its event log
 * PENDING, then a run-rules message on the queue. Answers once the log is committed; a broker that
 * does not confirm in time leaves the message to the republish sweep. A repeated idempotency key
 * (externalEventId or Idempotency-Key) within 24 h answers the first result and records nothing.
 */
export async function emitRules(ctx: AppContext, input: EmitInput & Emitter): Promise<TEmitRulesResponse> {
  await authorizeRulesEmitter(ctx, input, input.applicationId);
  return inSpan(ctx.tracing, 'webhook.emit_rules', { parent: input.traceparent }, (span) =>
    recordAndPublish(ctx, input, span),
  );
}

async function recordAndPublish(
  ctx: AppContext,
  input: EmitInput & Emitter,
  span: Span,
): Promise<TEmitRulesResponse> {
  if (input.apiKeyHash !== undefined) await checkApiKey(ctx, input.applicationId, input.apiKeyHash);
  const idempotencyKey = input.externalEventId ?? input.idempotencyKey ?? null;
  const now = ctx.clock();
  if (idempotencyKey) {
    const previous = await findPreviousAnswer<TEmitRulesResponse>(ctx, input, idempotencyKey, now);
    if (previous) return previous;
  }
  const schemaCheck = await checkRulesPayload(ctx, input.applicationId, input.eventType, input.data);
  const occurrenceId = newIdAt(now);
  const eventLogId = newIdAt(now);
  const timestamp = now.toISOString();
  const answer: TEmitRulesResponse = { eventLogId, eventId: occurrenceId, status: 'PENDING' };
  const traceParent = ctx.tracing.traceparentOf(span);
  if (span.isRecording()) {
    span.setAttributes({
      'webhook.application_id': input.applicationId,
      'webhook.event_type': input.eventType,
      'webhook.occurrence_id': occurrenceId,
      'webhook.event_log_id': eventLogId,
    });
  }
  const isRecorded = await recordEmit(ctx, {
    occurrence: {
      id: occurrenceId,
      event_id: null,
      application_id: input.applicationId,
      event_type: input.eventType,
      data: input.data,
      headers: storableHeaders(input.headers),
      // No template: the payload is the data, stored once.
      payload: null,
      external_event_id: input.externalEventId ?? null,
      organization_id: input.organizationId ?? null,
      idempotency_key: idempotencyKey,
      // Read only to answer a repeat of the key: an emit without one does not pay for it.
      response: idempotencyKey ? answer : null,
      callback_pending: false,
      created_at: timestamp,
      ...(traceParent ? { trace_parent: traceParent } : {}),
      ...schemaColumns(schemaCheck),
    },
    deliveryLogs: [],
    eventLog: {
      id: eventLogId,
      event_id: occurrenceId,
      event_type: input.eventType,
      organization_id: input.organizationId ?? input.applicationId,
      external_event_id: input.externalEventId ?? null,
      queue_type: 'RABBITMQ',
      application_id: input.applicationId,
      event_definition_id: null,
      route_id: null,
      created_at: timestamp,
    },
  });
  if (!isRecorded && idempotencyKey) {
    const previous = await findPreviousAnswer<TEmitRulesResponse>(ctx, input, idempotencyKey, now);
    if (previous) return previous;
  }
  await publishOrLeaveToSweep(ctx, { id: eventLogId, eventDefinitionId: null }, null, traceParent);
  return answer;
}

/**
 * The data checked against the schemas of the application's route event types of this alias: a
 * violation of an ENFORCE one refuses with 422 (nothing stored, no rule runs); WARN answers what
 * broke, kept with the occurrence. Null when no such type checks anything.
 */
async function checkRulesPayload(
  ctx: AppContext,
  applicationId: string,
  alias: string,
  data: unknown,
): Promise<PayloadSchemaCheck | null> {
  const holders = await ctx.rulesSchemas.checkingTypes(applicationId, alias);
  let warned: PayloadSchemaCheck | null = null;
  for (const holder of holders) {
    const violations = findPayloadViolations(holder, data);
    if (violations.length > 0 && holder.schemaValidation === 'ENFORCE') {
      throw schemaViolation(SCHEMA_VIOLATION_MESSAGE, violations);
    }
    if (!warned || (warned.violations.length === 0 && violations.length > 0)) {
      warned = { version: holder.schemaVersion, violations };
    }
  }
  return warned;
}
