import type { AppContext } from '../../context';
import { settleWithin } from '../../lib/settle-within';
import { publishEventLog } from '../../pipeline/publish';
import type { EmitEvent } from './emit-rows';

/** How long an emit of a queued event waits for the broker to confirm its message. */
export const EMIT_PUBLISH_WAIT_MS = 2_000;

/**
 * The event log is committed (PENDING) before this: a broker that does not confirm in time, or
 * is down, leaves the message to the republish sweep instead of holding the caller (whose retry
 * without an idempotency key would emit twice). A publish still waiting goes out when it can.
 */
export async function publishOrLeaveToSweep(
  ctx: AppContext,
  log: { id: string; eventDefinitionId: string | null },
  event: EmitEvent | null,
  traceParent: string | null = null,
) {
  const eventLogId = log.id;
  const publishing = publishEventLog(ctx, log, event, traceParent).catch((error) =>
    ctx.logger.warn({ err: error, eventLogId }, 'queued event not published; the republish sweep will'),
  );
  if (!(await settleWithin([publishing], EMIT_PUBLISH_WAIT_MS))) {
    ctx.logger.warn({ eventLogId }, 'queue did not confirm the publish in time; answering anyway');
  }
}
