import type { AppContext } from '../context';
import type { CircuitBreaker } from '../delivery/circuit-breaker';
import { countDeferrals } from '../delivery/delivery-metrics';
import { createHostLoads, shareOf, targetHostOf } from '../delivery/fair-queues';
import { reserveRateSlots } from '../delivery/rate-limit';
import { sleep } from '../queue/pacing';

/** A subscription as the gate sees it. */
export type GatedTarget = {
  id: string;
  targetUrl: string;
  maxInFlight: number | null;
  rateLimitPerSecond: number | null;
};

/** May send now (call `done` after), or must wait `delayMs` (the message is deferred, no retry spent). */
export type Admission =
  | { type: 'go'; done(durationMs: number | null, isSuccess: boolean): Promise<void> }
  | { type: 'wait'; delayMs: number };

export type EndpointGate = {
  /** Before anything is written: how long to defer a message all of whose targets must wait; null if one may go. */
  waitForAll(targets: GatedTarget[]): number | null;
  /** Right before a send: go (counted in flight; an open circuit's due probe goes too), or wait. */
  admit(target: GatedTarget): Promise<Admission>;
};

/** A deferred message comes back within these bounds (±20 % jitter), sooner when its host answers fast. */
const MIN_DEFER_MS = 250;
const MAX_DEFER_MS = 30_000;
/** A host that has not answered yet is expected to take this long. */
const UNKNOWN_ANSWER_MS = 1_000;

const jittered = (ms: number) => Math.round(ms * (0.8 + 0.4 * Math.random()));

/**
 * The queue consumer's isolation by endpoint: its own sends per host held to the share of
 * QUEUE_CONCURRENCY unless the host answers quickly, per subscription to its maxInFlight; the
 * circuit breaker (an open circuit defers until its cool-down ends; then one consumer probes);
 * and the rate limit, shared with the delivery engine (a slot within QUEUE_PACING_MAX_WAIT_MS is
 * waited for, a later one defers the message to it).
 */
export function createEndpointGate(ctx: AppContext, breaker: CircuitBreaker): EndpointGate {
  const { config } = ctx;
  const share = shareOf(config.QUEUE_CONCURRENCY, config.DELIVERY_ENDPOINT_SHARE);
  const hosts = createHostLoads();
  const hostOf = new Map<string, string>();
  const bySubscription = new Map<string, number>();
  /** Start times of this consumer's sends in flight, per host. */
  const startsByHost = new Map<string, number[]>();

  const host = (target: GatedTarget) => {
    let found = hostOf.get(target.targetUrl);
    if (found === undefined) {
      found = targetHostOf(target.targetUrl);
      hostOf.set(target.targetUrl, found);
    }
    return found;
  };

  /** The wait a target's own limits impose now (circuit, share, maxInFlight), or null. */
  const limitWait = (target: GatedTarget): { delayMs: number; reason: 'circuit' | 'saturated' } | null => {
    const circuit = breaker.viewOf(target.id);
    if (circuit) {
      const untilMs = (circuit.state === 'OPEN' ? circuit.openUntil : circuit.probeUntil)?.getTime() ?? 0;
      const waitMs = untilMs - ctx.clock().getTime();
      if (circuit.state === 'OPEN' && waitMs <= 0) return null;
      return { delayMs: Math.max(MIN_DEFER_MS, waitMs), reason: 'circuit' };
    }
    const name = host(target);
    const load = hosts.of(name);
    const isOverShare = load.inFlight >= share && !hosts.isQuick(name);
    const isAtMax = target.maxInFlight !== null && (bySubscription.get(target.id) ?? 0) >= target.maxInFlight;
    if (!isOverShare && !isAtMax) return null;
    // Come back when a send is likely to have ended: not before the host's usual answer time, nor
    // before the oldest send under way (still waiting) could end, so a dead host is not asked again and again.
    const starts = startsByHost.get(name);
    const oldestAgeMs = starts && starts.length > 0 ? ctx.clock().getTime() - Math.min(...starts) : 0;
    const expectedMs = Math.max(load.averageMs ?? UNKNOWN_ANSWER_MS, oldestAgeMs);
    return { delayMs: Math.min(MAX_DEFER_MS, Math.max(MIN_DEFER_MS, expectedMs)), reason: 'saturated' };
  };

  const start = (target: GatedTarget, isProbe: boolean): Admission => {
    const name = host(target);
    const load = hosts.of(name);
    load.inFlight += 1;
    const startedAt = ctx.clock().getTime();
    let starts = startsByHost.get(name);
    if (!starts) {
      starts = [];
      startsByHost.set(name, starts);
    }
    starts.push(startedAt);
    bySubscription.set(target.id, (bySubscription.get(target.id) ?? 0) + 1);
    return {
      type: 'go',
      async done(durationMs, isSuccess) {
        load.inFlight -= 1;
        starts.splice(starts.indexOf(startedAt), 1);
        const left = (bySubscription.get(target.id) ?? 1) - 1;
        if (left > 0) bySubscription.set(target.id, left);
        else bySubscription.delete(target.id);
        if (durationMs !== null) hosts.observe(name, durationMs);
        if (isProbe) await breaker.settleProbe(target.id, isSuccess);
      },
    };
  };

  return {
    waitForAll(targets) {
      let shortest: ReturnType<typeof limitWait> = null;
      for (const target of targets) {
        const wait = limitWait(target);
        if (!wait) return null;
        if (!shortest || wait.delayMs < shortest.delayMs) shortest = wait;
      }
      if (!shortest) return null;
      countDeferrals(ctx.metrics, 'queued', shortest.reason);
      return jittered(shortest.delayMs);
    },
    async admit(target) {
      const wait = limitWait(target);
      if (wait) {
        countDeferrals(ctx.metrics, 'queued', wait.reason);
        return { type: 'wait', delayMs: jittered(wait.delayMs) };
      }
      let isProbe = false;
      if (!breaker.isClosed(target.id)) {
        // The cool-down has ended: this consumer probes, unless another process took the probe.
        if (!(await breaker.takeProbe(target.id))) {
          countDeferrals(ctx.metrics, 'queued', 'circuit');
          return { type: 'wait', delayMs: jittered(MIN_DEFER_MS * 4) };
        }
        isProbe = true;
      }
      if (target.rateLimitPerSecond) {
        const slots = await reserveRateSlots(
          ctx,
          target.id,
          target.rateLimitPerSecond,
          1,
          config.QUEUE_PACING_MAX_WAIT_MS,
        );
        if ('retryAt' in slots) {
          if (isProbe) await breaker.dropProbe(target.id);
          countDeferrals(ctx.metrics, 'queued', 'rate_limit');
          return { type: 'wait', delayMs: Math.max(1, Math.ceil(slots.retryAt - ctx.clock().getTime())) };
        }
        await sleep(slots.firstAt - ctx.clock().getTime());
      }
      return start(target, isProbe);
    },
  };
}
