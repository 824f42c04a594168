import type { CircuitState } from '@wm/contracts';

/** A subscription's circuit as `endpoint_circuits` holds it. */
export type CircuitSnapshot = {
  state: CircuitState;
  openUntil: Date | null;
  probeUntil: Date | null;
  /** Openings in a row: the cool-down doubles with each. */
  openCount: number;
  /**
   * Since when it has failed without a success: set when it opens, kept through probes, re-openings
   * and a probe with nothing to send, cleared by a success.
   */
  openSince: Date | null;
};

/**
 * What can happen to a circuit. The cool-downs and leases come in with the event (the cool-down is
 * jittered), so that the transition stays a pure function of its input.
 */
export type CircuitEvent =
  /** The recorded failures reached the threshold. */
  | { type: 'TRIP'; at: Date; cooldownMs: number }
  /** A process wants to send the one probe. */
  | { type: 'TAKE_PROBE'; at: Date; leaseMs: number }
  | { type: 'PROBE_SUCCEEDED'; at: Date }
  /** `disableAfterMs`: how long a circuit may stay open before its subscription is disabled. */
  | { type: 'PROBE_FAILED'; at: Date; cooldownMs: number; disableAfterMs: number }
  /** The probe found nothing to send. */
  | { type: 'PROBE_DROPPED'; at: Date }
  /** A delivery to the subscription succeeded (its record statement closed the circuit). */
  | { type: 'DELIVERY_SUCCEEDED'; at: Date };

/** The next circuit, and what the store does about it besides storing it. */
export type CircuitStep = {
  next: CircuitSnapshot;
  /** The log line of the change (each change is also counted by its new state). */
  message: 'circuit opened' | 'circuit probing' | 'circuit closed';
  /** Deliveries waiting on this subscription are to be deferred. */
  isOpening: boolean;
  /** The circuit has been open for the whole disable period: the subscription is to be disabled. */
  isDisabling: boolean;
};

const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

const opened = (
  current: CircuitSnapshot,
  at: Date,
  cooldownMs: number,
  isDisabling = false,
): CircuitStep => ({
  next: {
    state: 'OPEN',
    openUntil: after(at, cooldownMs),
    probeUntil: null,
    openCount: current.openCount + 1,
    openSince: current.openSince ?? at,
  },
  message: 'circuit opened',
  isOpening: true,
  isDisabling,
});

const closed = (openCount: number, openSince: Date | null = null): CircuitStep => ({
  next: { state: 'CLOSED', openUntil: null, probeUntil: null, openCount, openSince },
  message: 'circuit closed',
  isOpening: false,
  isDisabling: false,
});

/** Open without a success for the whole period: the endpoint is taken for dead. */
const hasBeenOpenFor = (current: CircuitSnapshot, at: Date, periodMs: number) =>
  current.openSince !== null && at.getTime() - current.openSince.getTime() >= periodMs;

/**
 * The circuit breaker's rules: CLOSED opens when its failures trip it; OPEN lets one probe go once
 * its cool-down has ended, HALF_OPEN once the probe's lease has lapsed (its prober died); the
 * probe's success closes it (forgetting the openings), its failure opens it again for a longer
 * cool-down (and, once it has been open for the disable period, disables the subscription), and a
 * probe with nothing to send closes it with the openings kept. A delivery's
 * success closes it from any state. Null: the event changes nothing.
 */
export function transition(current: CircuitSnapshot, event: CircuitEvent): CircuitStep | null {
  const { state } = current;
  switch (event.type) {
    case 'TRIP':
      return state === 'CLOSED' ? opened(current, event.at, event.cooldownMs) : null;
    case 'TAKE_PROBE': {
      const at = event.at.getTime();
      const isOpenDue = state === 'OPEN' && (current.openUntil?.getTime() ?? 0) <= at;
      const isProbeLapsed = state === 'HALF_OPEN' && (current.probeUntil?.getTime() ?? 0) < at;
      if (!isOpenDue && !isProbeLapsed) return null;
      return {
        next: { ...current, state: 'HALF_OPEN', probeUntil: after(event.at, event.leaseMs) },
        message: 'circuit probing',
        isOpening: false,
        isDisabling: false,
      };
    }
    case 'PROBE_SUCCEEDED':
      return state === 'HALF_OPEN' ? closed(0) : null;
    case 'PROBE_FAILED':
      return state === 'HALF_OPEN'
        ? opened(current, event.at, event.cooldownMs, hasBeenOpenFor(current, event.at, event.disableAfterMs))
        : null;
    case 'PROBE_DROPPED':
      return state === 'HALF_OPEN' ? closed(current.openCount, current.openSince) : null;
    case 'DELIVERY_SUCCEEDED':
      return state === 'CLOSED' ? null : closed(0);
  }
}
