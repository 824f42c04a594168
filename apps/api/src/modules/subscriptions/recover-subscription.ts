import {
  RECOVER_DISABLED_MESSAGE,
  recoverBeyondRetentionMessage,
  type TRecoverSubscriptionRequest,
  type TRecoverSubscriptionResponse,
} from '@wm/contracts';
import type { AppContext } from '../../context';
import { SKIPPED_WHILE_DISABLED_REASON } from '../../delivery/plan-delivery-logs';
import { readRetentionDays } from '../../delivery/retention-purge';
import { notifyDeliveryWorkers } from '../../delivery/wake';
import { conflict, validationError } from '../../domain/errors';
import type { SessionUser } from '../../domain/session-user';
import { requireAccess, subscriptionAccess } from '../access';
import { countRecoveredDeliveries, requeueRecoverableDeliveries } from './recover-queries';

const DAY_MS = 86_400_000;
const RECOVERIES = 'webhook_recoveries_total';
const RECOVERED = 'webhook_recovered_deliveries_total';

/**
 * Sends again, once each, what a subscription missed in [since, until): its deliveries that ended
 * FAILED (a dead endpoint's held deliveries end so) and the occurrences it skipped while disabled.
 * Its writers only, once it is active again (a disabled one would end them unsent); the window
 * lies within retention, since older logs are gone.
 */
export async function recoverSubscription(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TRecoverSubscriptionRequest,
): Promise<TRecoverSubscriptionResponse['data']> {
  const { row: subscription } = await requireAccess(ctx, user, subscriptionAccess, id, 'write');
  if (subscription.status === 'FAILED' || subscription.status === 'INACTIVE') {
    throw conflict(RECOVER_DISABLED_MESSAGE);
  }
  const now = ctx.clock();
  const retentionDays = await readRetentionDays(ctx);
  const since = new Date(input.since);
  if (since.getTime() < now.getTime() - retentionDays * DAY_MS) {
    const message = recoverBeyondRetentionMessage(retentionDays);
    throw validationError(message, [{ path: 'since', message }]);
  }
  const window = { subscriptionId: id, since, until: input.until ? new Date(input.until) : undefined };
  const queued = await requeueRecoverableDeliveries(ctx.db, window, now);
  const everRecovered = await countRecoveredDeliveries(ctx.db, window);
  if (queued.length > 0) notifyDeliveryWorkers(ctx);

  const skipped = queued.filter((row) => row.errorMessage === SKIPPED_WHILE_DISABLED_REASON).length;
  ctx.metrics.increment(RECOVERIES, 'Recovers of a subscription’s missed deliveries');
  ctx.metrics.increment(
    RECOVERED,
    'Deliveries a recover queued again, by what they were',
    { kind: 'failed' },
    queued.length - skipped,
  );
  ctx.metrics.increment(
    RECOVERED,
    'Deliveries a recover queued again, by what they were',
    { kind: 'skipped' },
    skipped,
  );
  return { queued: queued.length, alreadyRecovered: everRecovered - queued.length };
}
