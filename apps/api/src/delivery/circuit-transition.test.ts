import type { CircuitState } from '@wm/contracts';
import { describe, expect, it } from 'vitest';
import { type CircuitEvent, type CircuitSnapshot, transition } from './circuit-transition';

const at = new Date('2026-01-01T12:00:00.000Z');
const ms = (offset: number) => new Date(at.getTime() + offset);

const closed: CircuitSnapshot = { state: 'CLOSED', openUntil: null, probeUntil: null, openCount: 2 };
const openDue: CircuitSnapshot = { state: 'OPEN', openUntil: ms(0), probeUntil: null, openCount: 2 };
const openCooling: CircuitSnapshot = { state: 'OPEN', openUntil: ms(1), probeUntil: null, openCount: 2 };
const probing: CircuitSnapshot = { state: 'HALF_OPEN', openUntil: ms(-5), probeUntil: ms(0), openCount: 2 };
const probeLapsed: CircuitSnapshot = {
  state: 'HALF_OPEN',
  openUntil: ms(-5),
  probeUntil: ms(-1),
  openCount: 2,
};

const events: Record<CircuitEvent['type'], CircuitEvent> = {
  TRIP: { type: 'TRIP', at, cooldownMs: 30_000 },
  TAKE_PROBE: { type: 'TAKE_PROBE', at, leaseMs: 15_000 },
  PROBE_SUCCEEDED: { type: 'PROBE_SUCCEEDED', at },
  PROBE_FAILED: { type: 'PROBE_FAILED', at, cooldownMs: 60_000 },
  PROBE_DROPPED: { type: 'PROBE_DROPPED', at },
  DELIVERY_SUCCEEDED: { type: 'DELIVERY_SUCCEEDED', at },
};

const opened = (openUntil: Date, openCount: number) => ({
  next: { state: 'OPEN' as CircuitState, openUntil, probeUntil: null, openCount },
  message: 'circuit opened',
  isOpening: true,
});
const closedWith = (openCount: number) => ({
  next: { state: 'CLOSED' as CircuitState, openUntil: null, probeUntil: null, openCount },
  message: 'circuit closed',
  isOpening: false,
});
const probingUntil = (circuit: CircuitSnapshot) => ({
  next: { ...circuit, state: 'HALF_OPEN' as CircuitState, probeUntil: ms(15_000) },
  message: 'circuit probing',
  isOpening: false,
});

// Every circuit × every event: what the breaker does (null: nothing changes).
const table: Array<[string, CircuitSnapshot, Record<CircuitEvent['type'], unknown>]> = [
  [
    'CLOSED',
    closed,
    {
      TRIP: opened(ms(30_000), 3),
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
      PROBE_FAILED: opened(ms(60_000), 3),
      PROBE_DROPPED: closedWith(2),
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
      PROBE_FAILED: opened(ms(60_000), 3),
      PROBE_DROPPED: closedWith(2),
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
    const step = transition(probing, { type: 'PROBE_FAILED', at: ms(7), cooldownMs: 100 });
    expect(step?.next.openUntil).toEqual(ms(107));
  });
});
