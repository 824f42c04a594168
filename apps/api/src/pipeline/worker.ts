import type { AppContext } from '../context';
import type { CircuitBreaker } from '../delivery/circuit-breaker';
import { STOP_GRACE_MS } from '../delivery/engine';
import { outboundProxyOf } from '../delivery/outbound-proxy';
import { createSender } from '../delivery/sender';
import { createPacingSlots } from '../queue/pacing-slots';
import type { Consumer } from '../queue/types';
import { dispatchByKind, type MessageHandlers } from './dispatch-message';
import { createEventLogBatches } from './event-log-statements';
import { expireEventLog, processEventLog } from './process-event-log';
import { createQueuedDeliveries } from './queued-deliveries';
import { createRuleActionStatements } from './rule-action-statements';
import { createRulesLogStarts } from './rules-log-statements';
import type { EmitLinkedEvent } from './run-rule-action';
import { runRules } from './run-rules';

export type PipelineWorker = {
  /** The queued deliveries' circuit breaker (none without a queue), refreshed by the job scheduler. */
  breaker: CircuitBreaker | null;
  stop(): Promise<void>;
};

/** What the pipeline needs from above it: the normal emit path, for the actions of rules. */
export type PipelineServices = { emitLinkedEvent: EmitLinkedEvent };

/**
 * Consumes the pipeline's queue in this process: every kind of the message
 * catalogue, each with its handler. Starting never waits for the broker: the
 * consumer subscribes whenever the connection is up.
 */
export function startPipelineWorker(ctx: AppContext, services: PipelineServices): PipelineWorker {
  const { queue, config } = ctx;
  if (!queue) return { breaker: null, async stop() {} };
  const sender = createSender({
    timeoutMs: config.DELIVERY_TIMEOUT_MS,
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    proxy: outboundProxyOf(config),
  });
  const eventLogConsumer = {
    deliveries: createQueuedDeliveries(ctx, sender),
    batches: createEventLogBatches(ctx),
    pacing: createPacingSlots(ctx.database, ctx.clock),
  };
  const rulesConsumer = {
    cache: ctx.rulesCache,
    start: createRulesLogStarts(ctx),
    settle: eventLogConsumer.batches.settle,
    emitLinkedEvent: services.emitLinkedEvent,
    statements: createRuleActionStatements(ctx),
  };
  const handlers: MessageHandlers = {
    'event-log': {
      handle: (payload, context) => processEventLog(ctx, eventLogConsumer, payload, context),
      expire: (payload) => expireEventLog(ctx, payload),
    },
    'run-rules': {
      handle: (payload, context) => runRules(ctx, rulesConsumer, payload, context),
      expire: (payload) => expireEventLog(ctx, payload),
    },
  };
  const { handle, onExpired } = dispatchByKind(ctx, queue.kind, handlers);
  const consuming: Promise<Consumer | null> = queue
    .consume(handle, { concurrency: config.QUEUE_CONCURRENCY, onExpired })
    .catch((error) => {
      ctx.logger.error({ err: error }, 'queue consumer did not start');
      return null;
    });
  return {
    breaker: eventLogConsumer.deliveries.breaker,
    async stop() {
      const consumer = await consuming;
      // Within the delivery engine's grace; a handler still sending then has its request aborted
      // and its message comes back (unacked, or when its lease ends).
      await consumer?.stop({ graceMs: STOP_GRACE_MS });
      await sender.destroy();
    },
  };
}
