import type { RuleEnvelope, RuleExplanation } from '@wm/rules';
import type { AppContext } from '../context';
import { describeFailure } from '../lib/db-errors';
import type { HandlerOutcome } from '../queue/types';
import type { MessageContext } from './dispatch-message';
import { evaluateRules } from './evaluate-rules';
import type { EventLogBatches } from './event-log-statements';
import type { MessagePayload } from './message-catalogue';
import { retryEventLog } from './retry-event-log';
import type { RuleActionStatements } from './rule-action-statements';
import type { RulesCache } from './rules-dependencies';
import type { RulesLogStarts } from './rules-log-statements';
import { type ActionOutcome, type EmitLinkedEvent, type RulesEmit, runRuleAction } from './run-rule-action';

type Failure = ActionOutcome & { ruleName: string };

/** The event log's error: each failed rule by name, with why. */
export const describeRuleFailures = (failures: Failure[]) =>
  `${failures.length === 1 ? 'Falha na regra' : 'Falha nas regras'} ${failures
    .map((failure) => `"${failure.ruleName}": ${failure.error}`)
    .join('; ')}`;

/** The consumer's collaborators: the cached rules, the batched statements, the emit path. */
export type RulesConsumer = {
  cache: RulesCache;
  start: RulesLogStarts;
  settle: EventLogBatches['settle'];
  emitLinkedEvent: EmitLinkedEvent;
  statements: RuleActionStatements;
};

/**
 * One rules event log (a POST /emit-rules, or a request to a route's ingest URL), PENDING while the consumer holds its message: the application's active rules for its event
 * type evaluated against the envelope, each match running its action, then SUCCESS (also when
 * nothing matched) or FAILED naming the failed rules. Rules whose action already succeeded for
 * this log (a redelivery, a reprocess) are skipped, so only failed actions run again; a failure
 * that may pass on its own is retried automatically while retries are left.
 */
export async function runRules(
  ctx: AppContext,
  consumer: RulesConsumer,
  payload: MessagePayload<'run-rules'>,
  { defaults, traceParent }: Pick<MessageContext, 'defaults' | 'traceParent'>,
): Promise<HandlerOutcome> {
  const log = await consumer.start(payload.eventLogId);
  if (!log) return { type: 'ack' };
  const isLastTry = log.autoRetryCount >= defaults.maxRetries;
  let ruleEvaluations: RuleExplanation[] | undefined;
  const retry = (error: string) =>
    retryEventLog(ctx, (outcome) => consumer.settle({ ...outcome, ruleEvaluations }), log, error);
  const settle = async (status: 'SUCCESS' | 'FAILED', error: string | null): Promise<HandlerOutcome> => {
    await consumer.settle({ id: log.id, status, error, ruleEvaluations });
    return { type: 'ack' };
  };
  try {
    const aliasRules = await consumer.cache.rulesFor(log.applicationId, log.eventType, log.rulesVersion);
    const envelope: RuleEnvelope = {
      eventType: log.eventType,
      applicationId: log.applicationId,
      organizationId: log.organizationId,
      externalEventId: log.externalEventId,
      data: log.data,
    };
    const emit: RulesEmit = {
      eventLogId: log.id,
      applicationId: log.applicationId,
      organizationId: log.postedOrganizationId,
      data: log.data as RulesEmit['data'],
      headers: log.headers,
      traceParent,
    };
    const { matched, explanations, stopped } = await evaluateRules(aliasRules, envelope, {
      timeMs: ctx.config.RULES_EVALUATION_BUDGET_MS,
      maxScanned: ctx.config.RULES_EVALUATION_MAX_SCANNED,
    });
    ruleEvaluations = explanations;
    // Past its budget: the same data would stop again, so no retry; the log says why.
    if (stopped) return settle('FAILED', stopped);
    const failures: Failure[] = [];
    for (const rule of matched) {
      if (log.doneRuleIds.has(rule.id)) continue;
      // A request to a route's ingest URL runs that route's rules only.
      if (log.routeId && rule.routeId !== log.routeId) continue;
      const outcome = await runRuleAction(ctx, consumer, rule, emit);
      if (!outcome.success) failures.push({ ...outcome, ruleName: rule.name });
    }
    if (failures.length === 0) return settle('SUCCESS', null);
    const error = describeRuleFailures(failures);
    if (!isLastTry && failures.some((failure) => failure.isTransient)) return retry(error);
    return settle('FAILED', error);
  } catch (error) {
    const reason = describeFailure(error);
    ctx.logger.error({ err: error, eventLogId: log.id }, 'rules processing failed');
    if (!isLastTry) return retry(reason);
    return settle('FAILED', `Erro no processamento: ${reason}`);
  }
}
