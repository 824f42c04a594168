import type { RuleEnvelope } from '@wm/rules';
import { and, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { eventLogs, occurrences, ruleExecutions } from '../db/schema';
import { describeFailure } from '../lib/db-errors';
import type { HandlerOutcome } from '../queue/types';
import type { MessageContext } from './dispatch-message';
import type { MessagePayload } from './message-catalogue';
import type { RulesCache } from './rules-cache';
import { type ActionOutcome, type EmitLinkedEvent, type RulesEmit, runRuleAction } from './run-rule-action';

type Failure = ActionOutcome & { ruleName: string };

/** The event log's error: each failed rule by name, with why. */
export const describeRuleFailures = (failures: Failure[]) =>
  `${failures.length === 1 ? 'Falha na regra' : 'Falha nas regras'} ${failures
    .map((failure) => `"${failure.ruleName}": ${failure.error}`)
    .join('; ')}`;

/**
 * One POST /emit-rules event log: PROCESSING, then the application's active rules for its event
 * type evaluated against the envelope, each match running its action, then SUCCESS (also when
 * nothing matched) or FAILED naming the failed rules. Rules whose action already succeeded for
 * this log (a redelivery, a reprocess) are skipped, so only failed actions run again; a failure
 * that may pass on its own is retried automatically while retries are left.
 */
export async function runRules(
  ctx: AppContext,
  { cache, emitLinkedEvent }: { cache: RulesCache; emitLinkedEvent: EmitLinkedEvent },
  payload: MessagePayload<'run-rules'>,
  { defaults }: Pick<MessageContext, 'defaults'>,
): Promise<HandlerOutcome> {
  const log = await startRulesLog(ctx, payload.eventLogId);
  if (!log) return { type: 'ack' };
  const isLastTry = log.autoRetryCount >= defaults.maxRetries;
  try {
    const [aliasRules, done] = await Promise.all([
      cache.rulesFor(log.applicationId, log.eventType),
      succeededRuleIds(ctx, log.id),
    ]);
    const envelope: RuleEnvelope = {
      eventType: log.eventType,
      applicationId: log.applicationId,
      organizationId: log.organizationId,
      externalEventId: log.externalEventId,
      data: log.emit.data,
    };
    const failures: Failure[] = [];
    for (const rule of aliasRules.match(envelope)) {
      if (done.has(rule.id)) continue;
      const outcome = await runRuleAction(ctx, emitLinkedEvent, rule, log.emit);
      if (!outcome.success) failures.push({ ...outcome, ruleName: rule.name });
    }
    if (failures.length === 0) return settle(ctx, log.id, 'SUCCESS', null);
    const error = describeRuleFailures(failures);
    if (!isLastTry && failures.some((failure) => failure.isTransient)) return retry(ctx, log, error);
    return settle(ctx, log.id, 'FAILED', error);
  } catch (error) {
    const reason = describeFailure(error);
    ctx.logger.error({ err: error, eventLogId: log.id }, 'rules processing failed');
    if (!isLastTry) return retry(ctx, log, reason);
    return settle(ctx, log.id, 'FAILED', `Erro no processamento: ${reason}`);
  }
}

type StartedRulesLog = {
  id: string;
  applicationId: string;
  eventType: string;
  organizationId: string;
  externalEventId: string | null;
  autoRetryCount: number;
  emit: RulesEmit;
};

/** Marks the log PROCESSING and reads its occurrence; null when it is gone or already final. */
async function startRulesLog(ctx: AppContext, id: string): Promise<StartedRulesLog | null> {
  const [log] = await ctx.db
    .update(eventLogs)
    .set({ status: 'PROCESSING', updatedAt: ctx.clock() })
    .where(and(eq(eventLogs.id, id), notInArray(eventLogs.status, ['SUCCESS', 'FAILED'])))
    .returning();
  if (!log) return null;
  const [occurrence] = await ctx.db
    .select({
      data: occurrences.data,
      headers: occurrences.headers,
      organizationId: occurrences.organizationId,
    })
    .from(occurrences)
    .where(eq(occurrences.id, log.eventId))
    .limit(1);
  return {
    id: log.id,
    applicationId: log.applicationId,
    eventType: log.eventType,
    organizationId: log.organizationId,
    externalEventId: log.externalEventId,
    autoRetryCount: log.autoRetryCount,
    emit: {
      eventLogId: log.id,
      applicationId: log.applicationId,
      organizationId: occurrence?.organizationId ?? null,
      data: (occurrence ? occurrence.data : log.payload) as RulesEmit['data'],
      headers: occurrence?.headers ?? {},
    },
  };
}

async function succeededRuleIds(ctx: AppContext, eventLogId: string): Promise<Set<string>> {
  const rows = await ctx.db
    .select({ ruleId: ruleExecutions.ruleId })
    .from(ruleExecutions)
    .where(and(eq(ruleExecutions.eventLogId, eventLogId), eq(ruleExecutions.success, true)));
  return new Set(rows.map((row) => row.ruleId));
}

async function settle(
  ctx: AppContext,
  id: string,
  status: 'SUCCESS' | 'FAILED',
  error: string | null,
): Promise<HandlerOutcome> {
  const now = ctx.clock();
  await ctx.db
    .update(eventLogs)
    .set({ status, errorMessage: error, processedAt: now, updatedAt: now })
    .where(eq(eventLogs.id, id));
  return { type: 'ack' };
}

/** Back to PENDING with one more automatic retry counted; the message comes back after the delay. */
async function retry(ctx: AppContext, log: StartedRulesLog, error: string): Promise<HandlerOutcome> {
  await ctx.db
    .update(eventLogs)
    .set({
      status: 'PENDING',
      errorMessage: error,
      autoRetryCount: log.autoRetryCount + 1,
      updatedAt: ctx.clock(),
    })
    .where(eq(eventLogs.id, log.id));
  const delays = ctx.config.DELIVERY_RETRY_DELAYS_MS;
  return { type: 'retry', delayMs: delays[Math.min(log.autoRetryCount, delays.length - 1)] ?? 1_000 };
}
