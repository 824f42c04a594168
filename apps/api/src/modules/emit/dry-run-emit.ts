import type { TEmitDryRunAnswer, TEmitDryRunSubscription } from '@wm/contracts';
import type { AppContext } from '../../context';
import { authorizeEmitter, type EmitInput, type Emitter } from './emit-input';
import { loadCheckedTarget, planEmit } from './plan-emit';
import { findUnreachedSubscriptions } from './queries';

const PAUSED_EVENT_NOTICE =
  'Evento pausado: as entregas seriam aceitas e retidas até o evento voltar a ativo.';

const SKIPPED_REASONS: Record<string, string> = {
  INACTIVE: 'Assinatura inativa: o webhook não seria enviado.',
  PAUSED: 'Assinatura pausada: o webhook não seria enviado.',
};

/**
 * What an emit would do, planned by the emit's own steps and then dropped: nothing is stored, sent
 * or published, and the idempotency key is neither read nor taken. A refused emit is refused the same.
 */
export async function dryRunEmit(ctx: AppContext, input: EmitInput & Emitter): Promise<TEmitDryRunAnswer> {
  await authorizeEmitter(ctx, input, input.applicationId);
  const target = await loadCheckedTarget(ctx, input);
  const { event, logs } = planEmit(target, input, ctx.clock());
  const planned: TEmitDryRunSubscription[] = logs.map((log) => ({
    subscriptionId: log.subscriptionId,
    outcome: log.status === 'PENDING' ? 'DELIVER' : 'IGNORED',
    reason: log.errorMessage,
    failures: log.failures.map((failure) => ({ index: failure.index, reason: failure.reason })),
    ...(log.status === 'PENDING' ? { body: log.payloadSent } : {}),
  }));
  // The emit never reads these subscriptions: they get no delivery log.
  const unreached = await findUnreachedSubscriptions(ctx.db, event.id);
  const skipped: TEmitDryRunSubscription[] = unreached.map((subscription) => ({
    subscriptionId: subscription.id,
    outcome: 'SKIPPED',
    reason: SKIPPED_REASONS[subscription.status] ?? null,
    failures: [],
  }));
  const deliveries = planned.filter((result) => result.outcome === 'DELIVER').length;
  return {
    dryRun: true,
    eventId: event.id,
    deliveries,
    ignored: planned.length - deliveries,
    notice: event.status === 'PAUSED' ? PAUSED_EVENT_NOTICE : null,
    subscriptions: [...planned, ...skipped],
  };
}
