import { RULE_WITHOUT_EVENT, type TEmitRequest, type TRuleExecutedAction } from '@wm/contracts';
import type { AppContext } from '../context';
import { describeFailure } from '../lib/db-errors';
import { newIdAt } from '../lib/ids';
import { failSpan, inSpan } from '../lib/tracing';
import type { RuleActionStatements } from './rule-action-statements';
import type { RunnableRule } from './rules-dependencies';

export const LINKED_EVENT_GONE = 'Evento vinculado não encontrado';

/** What a rule's action works on: the emit-rules occurrence behind one event log. */
export type RulesEmit = {
  eventLogId: string;
  applicationId: string;
  organizationId: string | null;
  /** As emitted: never null. */
  data: TEmitRequest['data'];
  headers: Record<string, string>;
  /** The span of the queue message being handled, parent of each rule run's. */
  traceParent: string | null;
};

/** One emit of a rule's linked event, as the normal emit path takes it. */
export type LinkedEmit = {
  applicationId: string;
  eventType: string;
  data: TEmitRequest['data'];
  organizationId?: string;
  headers: Record<string, string>;
  idempotencyKey: string;
  /** The rule run's span, continued by the emit's. */
  traceparent: string | null;
};

/**
 * Emits through the normal emit path (given by the composition root, as the pipeline sits below the
 * modules): the occurrence, or the emit's refusal (an inactive event, say), which trying again will
 * not change. Other failures throw.
 */
export type EmitLinkedEvent = (emit: LinkedEmit) => Promise<{ occurrenceId: string } | { refusal: string }>;

export type ActionOutcome = {
  success: boolean;
  error: string | null;
  /** A failure that may pass on its own (the database, say), worth an automatic retry. */
  isTransient: boolean;
};

/**
 * The idempotency key of a rule's emit: one per (event log, rule), so a redelivered message or a
 * reprocess that runs the action again gets the first emit's answer and emits nothing more.
 */
export const ruleActionKey = (eventLogId: string, ruleId: string) => `rule:${eventLogId}:${ruleId}`;

/**
 * Runs the action of a rule that matched: emits its linked event with the same data through the
 * normal emit path (IMMEDIATE or queued, as the event says), then records the execution, one per
 * (event log, rule): a run after a failed one replaces it.
 */
export type RuleActionServices = { emitLinkedEvent: EmitLinkedEvent; statements: RuleActionStatements };

export function runRuleAction(
  ctx: AppContext,
  services: RuleActionServices,
  rule: RunnableRule,
  emit: RulesEmit,
): Promise<ActionOutcome> {
  return inSpan(ctx.tracing, 'webhook.rule.run', { parent: emit.traceParent }, async (span) => {
    const outcome = await runAndRecord(ctx, services, rule, emit, ctx.tracing.traceparentOf(span));
    if (span.isRecording()) {
      span.setAttributes({
        'webhook.rule_id': rule.id,
        'webhook.event_log_id': emit.eventLogId,
        'webhook.rule.success': outcome.success,
      });
    }
    if (!outcome.success) failSpan(span, null, outcome.error ?? undefined);
    return outcome;
  });
}

async function runAndRecord(
  ctx: AppContext,
  services: RuleActionServices,
  rule: RunnableRule,
  emit: RulesEmit,
  traceparent: string | null,
): Promise<ActionOutcome> {
  // The execution time is a duration on the monotonic timer; when it ran is the clock's.
  const startedAt = performance.now();
  const executedAt = ctx.clock();
  const outcome = await emitLinkedEvent(ctx, services, rule, emit, traceparent);
  await services.statements.recordExecution({
    id: newIdAt(executedAt),
    rule_id: rule.id,
    event_log_id: emit.eventLogId,
    success: outcome.success,
    executed_at: executedAt.toISOString(),
    execution_time_ms: Math.round(performance.now() - startedAt),
    executed_actions: outcome.actions,
    error_message: outcome.error,
  });
  return { success: outcome.success, error: outcome.error, isTransient: outcome.isTransient };
}

async function emitLinkedEvent(
  ctx: AppContext,
  { emitLinkedEvent: emitLinked, statements }: RuleActionServices,
  rule: RunnableRule,
  emit: RulesEmit,
  traceparent: string | null,
) {
  if (!rule.eventId) return failed(RULE_WITHOUT_EVENT, []);
  const event = await statements.findLinkedEvent(rule.eventId);
  if (!event) {
    const action = emitAction(rule.eventId, null, null, { error: LINKED_EVENT_GONE });
    return failed(LINKED_EVENT_GONE, [action]);
  }
  try {
    const answer = await emitLinked({
      applicationId: emit.applicationId,
      eventType: event.alias,
      data: emit.data,
      organizationId: emit.organizationId ?? undefined,
      headers: emit.headers,
      idempotencyKey: ruleActionKey(emit.eventLogId, rule.id),
      traceparent,
    });
    if ('refusal' in answer) {
      const action = emitAction(event.id, event.name, event.alias, { error: answer.refusal });
      return failed(answer.refusal, [action]);
    }
    const action = emitAction(event.id, event.name, event.alias, { occurrenceId: answer.occurrenceId });
    return { success: true, error: null, isTransient: false, actions: [action] };
  } catch (error) {
    // Not a refusal: the database, say. Worth an automatic retry.
    ctx.logger.error({ err: error, ruleId: rule.id }, 'rule action failed');
    const message = describeFailure(error);
    const action = emitAction(event.id, event.name, event.alias, { error: message });
    return { ...failed(message, [action]), isTransient: true };
  }
}

function emitAction(
  eventId: string,
  eventName: string | null,
  eventAlias: string | null,
  result: { occurrenceId: string } | { error: string },
): TRuleExecutedAction {
  return 'occurrenceId' in result
    ? { type: 'EMIT_EVENT', eventId, eventName, eventAlias, occurrenceId: result.occurrenceId, success: true }
    : {
        type: 'EMIT_EVENT',
        eventId,
        eventName,
        eventAlias,
        occurrenceId: null,
        success: false,
        error: result.error,
      };
}

const failed = (error: string, actions: TRuleExecutedAction[]) => ({
  success: false,
  error,
  isTransient: false,
  actions,
});
