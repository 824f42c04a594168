import type { AppContext } from '../context';
import type { CircuitBreaker } from '../delivery/circuit-breaker';
import { countDeferrals } from '../delivery/delivery-metrics';
import { createHostLoads, shareOf, targetHostOf } from '../delivery/fair-queues';
import { reserveRateSlots } from '../delivery/rate-limit';
import { jitter, sleep } from '../lib/backoff';
import { createReturnSlots } from './return-slots';

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

/** The places one message holds on its endpoints: taken at the gate, each given back when its send ends. */
export type GatePass = {
  /**
   * Right before a send: go (on its place, taken now if the gate gave none; an open circuit's due
   * probe goes too), or wait.
   */
  admit(target: GatedTarget): Promise<Admission>;
  /** The message is done with its sends (or put back): gives back the places no send holds. Idempotent. */
  leave(): void;
};

export type Entry = { type: 'go'; pass: GatePass } | { type: 'wait'; delayMs: number };

export type EndpointGate = {
  /**
   * Before anything is written: a place on each target that may go now, or how long to defer a
   * message none of whose targets may. A place counts against its host's share and its
   * subscription's maxInFlight from here, through every wait before the send (the event's pacing
   * slot, a rate slot), until the send ends: one endpoint's messages hold at most its share of the
   * consumer's slots, whatever they wait for, and a circuit whose probe is due lets one through.
   */
  enter(targets: GatedTarget[]): Entry;
};

/** A deferred message comes back within these bounds (±20 % jitter), sooner when its host answers fast. */
const MIN_DEFER_MS = 250;
const MAX_DEFER_MS = 30_000;
/** A host that has not answered yet is expected to take this long. */
const UNKNOWN_ANSWER_MS = 1_000;
/** Another message holds the due probe of the circuit: look again after this. */
const PROBE_HELD_DEFER_MS = 1_000;

/** A blocked host's deferred messages come back at most RETURNS_PER_SLOT per RETURN_SLOT_MS (50 a second). */
const RETURN_SLOT_MS = 100;
const RETURNS_PER_SLOT = 5;

type Wait = { delayMs: number; reason: 'circuit' | 'saturated'; host: string };

/**
 * The queue consumer's isolation by endpoint: the places its messages hold per host, up to the
 * share of QUEUE_CONCURRENCY unless the host answers quickly, per subscription up to its
 * maxInFlight; the circuit breaker (an open circuit defers until its cool-down ends; then one
 * message probes); and the rate limit, shared with the delivery engine (a slot within
 * QUEUE_PACING_MAX_WAIT_MS is waited for, a later one defers the message to it).
 */
export function createEndpointGate(
  ctx: Pick<AppContext, 'config' | 'clock' | 'metrics'> & Parameters<typeof reserveRateSlots>[0],
  breaker: CircuitBreaker,
): EndpointGate {
  const { config } = ctx;
  const share = shareOf(config.QUEUE_CONCURRENCY, config.DELIVERY_ENDPOINT_SHARE);
  /** Per host, the messages holding a place on it (one counts once, whatever its subscriptions there). */
  const hosts = createHostLoads();
  const hostOf = new Map<string, string>();
  /** Places held per subscription. */
  const bySubscription = new Map<string, number>();
  /** Start times of this consumer's sends in flight, per host. */
  const startsByHost = new Map<string, number[]>();
  const returns = createReturnSlots({ slotMs: RETURN_SLOT_MS, perSlot: RETURNS_PER_SLOT });

  /** A deferral's delay: the wait jittered, then spread among the host's other returns. */
  const deferral = ({ delayMs, reason, host: name }: Wait): number => {
    countDeferrals(ctx.metrics, 'queued', reason);
    const now = ctx.clock().getTime();
    return returns.take(name, now + jitter(delayMs), now) - now;
  };

  const host = (target: GatedTarget) => {
    let found = hostOf.get(target.targetUrl);
    if (found === undefined) {
      found = targetHostOf(target.targetUrl);
      hostOf.set(target.targetUrl, found);
    }
    return found;
  };

  /**
   * The wait the subscription's circuit imposes: its cool-down, or the probe under way; once a probe
   * is due, none for the one message holding the subscription's only place (`ownPlaces`: this
   * message's), the others come back after it.
   */
  const circuitWait = (target: GatedTarget, ownPlaces: number): Wait | null => {
    const circuit = breaker.viewOf(target.id);
    if (!circuit) return null;
    const untilMs = (circuit.state === 'OPEN' ? circuit.openUntil : circuit.probeUntil)?.getTime() ?? 0;
    const waitMs = untilMs - ctx.clock().getTime();
    if (waitMs > 0) return { delayMs: Math.max(MIN_DEFER_MS, waitMs), reason: 'circuit', host: host(target) };
    const others = (bySubscription.get(target.id) ?? 0) - ownPlaces;
    return others > 0 ? { delayMs: PROBE_HELD_DEFER_MS, reason: 'circuit', host: host(target) } : null;
  };

  /** The wait before a message may take a place on `target`: its host at its share, or its maxInFlight reached. */
  const loadWait = (target: GatedTarget, isOnHost: boolean): Wait | null => {
    const name = host(target);
    const load = hosts.of(name);
    const isOverShare = !isOnHost && load.inFlight >= share && !hosts.isQuick(name);
    const isAtMax = target.maxInFlight !== null && (bySubscription.get(target.id) ?? 0) >= target.maxInFlight;
    if (!isOverShare && !isAtMax) return null;
    // Come back when a send is likely to have ended: not before the host's usual answer time, nor
    // before the oldest send under way (still waiting) could end, so a dead host is not asked again and again.
    const starts = startsByHost.get(name);
    const oldestAgeMs = starts && starts.length > 0 ? ctx.clock().getTime() - Math.min(...starts) : 0;
    const expectedMs = Math.max(load.averageMs ?? UNKNOWN_ANSWER_MS, oldestAgeMs);
    return {
      delayMs: Math.min(MAX_DEFER_MS, Math.max(MIN_DEFER_MS, expectedMs)),
      reason: 'saturated',
      host: name,
    };
  };

  type OpenPass = GatePass & {
    take(target: GatedTarget): void;
    /** Whether this message holds a place on the target's host already (it counts there once). */
    isOnHost(target: GatedTarget): boolean;
    hasPlaces(): boolean;
  };

  const createPass = (): OpenPass => {
    /** This message's places, by subscription, and how many of them are on each host. */
    const places = new Map<string, string>();
    const onHost = new Map<string, number>();

    const take = (target: GatedTarget) => {
      const name = host(target);
      places.set(target.id, name);
      bySubscription.set(target.id, (bySubscription.get(target.id) ?? 0) + 1);
      const count = onHost.get(name) ?? 0;
      onHost.set(name, count + 1);
      if (count === 0) hosts.of(name).inFlight += 1;
    };
    const give = (subscriptionId: string) => {
      const name = places.get(subscriptionId);
      if (name === undefined) return;
      places.delete(subscriptionId);
      const left = (bySubscription.get(subscriptionId) ?? 1) - 1;
      if (left > 0) bySubscription.set(subscriptionId, left);
      else bySubscription.delete(subscriptionId);
      const count = (onHost.get(name) ?? 1) - 1;
      if (count > 0) onHost.set(name, count);
      else {
        onHost.delete(name);
        hosts.of(name).inFlight -= 1;
      }
    };
    const wait = (subscriptionId: string, limit: Wait): Admission => {
      give(subscriptionId);
      return { type: 'wait', delayMs: deferral(limit) };
    };

    /** The send on the place of `target`: counted as started, and its place given back when it ends. */
    const start = (target: GatedTarget, isProbe: boolean): Admission => {
      const name = host(target);
      const startedAt = ctx.clock().getTime();
      let starts = startsByHost.get(name);
      if (!starts) {
        starts = [];
        startsByHost.set(name, starts);
      }
      starts.push(startedAt);
      return {
        type: 'go',
        async done(durationMs, isSuccess) {
          starts.splice(starts.indexOf(startedAt), 1);
          give(target.id);
          if (durationMs !== null) hosts.observe(name, durationMs);
          if (isProbe) await breaker.settleProbe(target.id, isSuccess);
        },
      };
    };

    const isOnHost = (target: GatedTarget) => onHost.has(host(target));

    return {
      take,
      isOnHost,
      hasPlaces: () => places.size > 0,
      leave() {
        for (const subscriptionId of [...places.keys()]) give(subscriptionId);
      },
      async admit(target) {
        const isHeld = places.has(target.id);
        const limit =
          circuitWait(target, isHeld ? 1 : 0) ?? (isHeld ? null : loadWait(target, isOnHost(target)));
        if (limit) return wait(target.id, limit);
        if (!isHeld) take(target);
        let isProbe = false;
        if (!breaker.isClosed(target.id)) {
          // The cool-down has ended: this message probes, unless another process took the probe.
          if (!(await breaker.takeProbe(target.id))) {
            return wait(target.id, { delayMs: PROBE_HELD_DEFER_MS, reason: 'circuit', host: host(target) });
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
            give(target.id);
            countDeferrals(ctx.metrics, 'queued', 'rate_limit');
            return { type: 'wait', delayMs: Math.max(1, Math.ceil(slots.retryAt - ctx.clock().getTime())) };
          }
          await sleep(slots.firstAt - ctx.clock().getTime());
        }
        return start(target, isProbe);
      },
    };
  };

  return {
    enter(targets) {
      const pass = createPass();
      let shortest: Wait | null = null;
      for (const target of targets) {
        const limit = circuitWait(target, 0) ?? loadWait(target, pass.isOnHost(target));
        if (!limit) {
          pass.take(target);
          continue;
        }
        if (!shortest || limit.delayMs < shortest.delayMs) shortest = limit;
      }
      if (pass.hasPlaces() || !shortest) return { type: 'go', pass };
      return { type: 'wait', delayMs: deferral(shortest) };
    },
  };
}
