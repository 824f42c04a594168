import type { CircuitState } from '@wm/contracts';
import { describe, expect, it } from 'vitest';
import { type CircuitEvent, type CircuitSnapshot, transition } from './circuit-transition';

const at = new Date('2026-01-01T12:00:00.000Z');
const DISABLE_AFTER_MS = 72 * 3_600_000;
const ms = (offset: number) => new Date(at.getTime() + offset);

const closed: CircuitSnapshot = {
  state: 'CLOSED',
  openUntil: null,
  probeUntil: null,
  openCount: 2,
  openSince: null,
};
const openDue: CircuitSnapshot = {
  state: 'OPEN',
  openUntil: ms(0),
  probeUntil: null,
  openCount: 2,
  openSince: ms(-60_000),
};
const openCooling: CircuitSnapshot = {
  state: 'OPEN',
  openUntil: ms(1),
  probeUntil: null,
  openCount: 2,
  openSince: ms(-60_000),
};
const probing: CircuitSnapshot = {
  state: 'HALF_OPEN',
  openUntil: ms(-5),
  probeUntil: ms(0),
  openCount: 2,
  openSince: ms(-60_000),
};
const probeLapsed: CircuitSnapshot = {
  state: 'HALF_OPEN',
  openUntil: ms(-5),
  probeUntil: ms(-1),
  openCount: 2,
  openSince: ms(-60_000),
};

const events: Record<CircuitEvent['type'], CircuitEvent> = {
  TRIP: { type: 'TRIP', at, cooldownMs: 30_000 },
  TAKE_PROBE: { type: 'TAKE_PROBE', at, leaseMs: 15_000 },
  PROBE_SUCCEEDED: { type: 'PROBE_SUCCEEDED', at },
  PROBE_FAILED: { type: 'PROBE_FAILED', at, cooldownMs: 60_000, disableAfterMs: DISABLE_AFTER_MS },
  PROBE_DROPPED: { type: 'PROBE_DROPPED', at },
  DELIVERY_SUCCEEDED: { type: 'DELIVERY_SUCCEEDED', at },
};

const opened = (openUntil: Date, openCount: number, openSince: Date) => ({
  next: { state: 'OPEN' as CircuitState, openUntil, probeUntil: null, openCount, openSince },
  message: 'circuit opened',
  isOpening: true,
  isDisabling: false,
});
const closedWith = (openCount: number, openSince: Date | null = null) => ({
  next: { state: 'CLOSED' as CircuitState, openUntil: null, probeUntil: null, openCount, openSince },
  message: 'circuit closed',
  isOpening: false,
  isDisabling: false,
});
const probingUntil = (circuit: CircuitSnapshot) => ({
  next: { ...circuit, state: 'HALF_OPEN' as CircuitState, probeUntil: ms(15_000) },
  message: 'circuit probing',
  isOpening: false,
  isDisabling: false,
});

// Every circuit × every event: what the breaker does (null: nothing changes).
const table: Array<[string, CircuitSnapshot, Record<CircuitEvent['type'], unknown>]> = [
  [
    'CLOSED',
    closed,
    {
      TRIP: opened(ms(30_000), 3, at),
      TAKE_PROBE: null,
      PROBE_SUCCEEDED: null,
      PROBE_FAILED: null,
      PROBE_DROPPED: null,
      DELIVERY_SUCCEEDED: null,
    },
  ],
  [
    'OPEN whose cool-down has ended',
    openDue,
    {
      TRIP: null,
      TAKE_PROBE: probingUntil(openDue),
      PROBE_SUCCEEDED: null,
      PROBE_FAILED: null,
      PROBE_DROPPED: null,
      DELIVERY_SUCCEEDED: closedWith(0),
    },
  ],
  [
    'OPEN still cooling down',
    openCooling,
    {
      TRIP: null,
      TAKE_PROBE: null,
      PROBE_SUCCEEDED: null,
      PROBE_FAILED: null,
      PROBE_DROPPED: null,
      DELIVERY_SUCCEEDED: closedWith(0),
    },
  ],
  [
    'HALF_OPEN with its probe leased',
    probing,
    {
      TRIP: null,
      TAKE_PROBE: null,
      PROBE_SUCCEEDED: closedWith(0),
      PROBE_FAILED: opened(ms(60_000), 3, ms(-60_000)),
      PROBE_DROPPED: closedWith(2, ms(-60_000)),
      DELIVERY_SUCCEEDED: closedWith(0),
    },
  ],
  [
    'HALF_OPEN whose probe lease lapsed',
    probeLapsed,
    {
      TRIP: null,
      TAKE_PROBE: probingUntil(probeLapsed),
      PROBE_SUCCEEDED: closedWith(0),
      PROBE_FAILED: opened(ms(60_000), 3, ms(-60_000)),
      PROBE_DROPPED: closedWith(2, ms(-60_000)),
      DELIVERY_SUCCEEDED: closedWith(0),
    },
  ],
];

describe('circuit transition', () => {
  for (const [name, circuit, expected] of table) {
    for (const [type, event] of Object.entries(events) as Array<[CircuitEvent['type'], CircuitEvent]>) {
      it(`When a circuit ${name} gets ${type}, then ${expected[type] ? 'it moves as the breaker rules say' : 'nothing changes'}`, () => {
        expect(transition(circuit, event)).toEqual(expected[type]);
      });
    }
  }

  it('When a circuit opens again after a failed probe, then its cool-down counts from the failure', () => {
    const step = transition(probing, {
      type: 'PROBE_FAILED',
      at: ms(7),
      cooldownMs: 100,
      disableAfterMs: DISABLE_AFTER_MS,
    });
    expect(step?.next.openUntil).toEqual(ms(107));
  });

  it('When a probe fails and the circuit has been open for the whole disable period, then the subscription is to be disabled', () => {
    const since = ms(-DISABLE_AFTER_MS);
    const failed = { type: 'PROBE_FAILED', at, cooldownMs: 100, disableAfterMs: DISABLE_AFTER_MS } as const;
    expect(transition({ ...probing, openSince: since }, failed)).toMatchObject({
      next: { state: 'OPEN', openSince: since },
      isDisabling: true,
    });
    expect(transition({ ...probing, openSince: ms(1 - DISABLE_AFTER_MS) }, failed)?.isDisabling).toBe(false);
  });

  it('When a probe finds nothing to send, then the circuit closes but keeps since when it has failed: no success was seen', () => {
    const step = transition(probing, events.PROBE_DROPPED);
    const reopened = transition(step?.next ?? closed, events.TRIP);
    expect(reopened?.next.openSince).toEqual(ms(-60_000));
  });

  it('When a success closes a circuit, then it forgets since when it was open, so the next opening counts afresh', () => {
    const step = transition(probing, { type: 'PROBE_SUCCEEDED', at });
    expect(step?.next.openSince).toBeNull();
    const reopened = transition(step?.next ?? closed, events.TRIP);
    expect(reopened?.next.openSince).toEqual(at);
  });
});
