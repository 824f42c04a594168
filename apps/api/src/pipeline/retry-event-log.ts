import type { AppContext } from '../context';
import { listDelayMs, type Random } from '../lib/backoff';
import type { HandlerOutcome } from '../queue/types';
import type { EventLogBatches } from './event-log-statements';

/**
 * The queued path's automatic retry of an event log (deliveries and rules alike): the log stays
 * PENDING with the error and one more automatic retry counted, and its message comes back through
 * the queue after the next DELIVERY_RETRY_DELAYS_MS entry, jittered ±20 % as deliveries are.
 */
export async function retryEventLog(
  ctx: Pick<AppContext, 'config'>,
  settle: EventLogBatches['settle'],
  log: { id: string; autoRetryCount: number },
  error: string | null,
  random?: Random,
): Promise<HandlerOutcome> {
  const autoRetryCount = log.autoRetryCount + 1;
  await settle({ id: log.id, status: 'PENDING', error, autoRetryCount });
  return { type: 'retry', delayMs: listDelayMs(autoRetryCount, ctx.config.DELIVERY_RETRY_DELAYS_MS, random) };
}
