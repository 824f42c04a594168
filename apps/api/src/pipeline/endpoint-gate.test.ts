import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import type { CircuitBreaker, CircuitView } from '../delivery/circuit-breaker';
import { createMetrics } from '../lib/metrics';
import { createEndpointGate, type Entry, type GatedTarget, type GatePass } from './endpoint-gate';

const START = Date.parse('2026-05-04T12:00:00Z');

/** A gate of a consumer with 8 slots (a host's share: 2), on a clock the test moves. */
function openGate(circuits: Map<string, CircuitView> = new Map()) {
  let now = START;
  const probes: string[] = [];
  const breaker: CircuitBreaker = {
    isClosed: (id) => !circuits.has(id),
    viewOf: (id) => circuits.get(id) ?? null,
    dueProbes: () => [],
    async takeProbe(id) {
      probes.push(id);
      circuits.set(id, { state: 'HALF_OPEN', openUntil: null, probeUntil: new Date(now + 20_000) });
      return true;
    },
    settleProbe: async () => {},
    dropProbe: async () => {},
    open: async () => {},
    closed: () => {},
    onOpened: () => {},
    refresh: async () => {},
  };
  const gate = createEndpointGate(
    {
      config: testConfig({ QUEUE_CONCURRENCY: '8', DELIVERY_ENDPOINT_SHARE: '25' }),
      clock: () => new Date(now),
      metrics: createMetrics(),
      database: {
        query: async () => {
          throw new Error('no rate-limited subscription here');
        },
      },
    },
    breaker,
  );
  return { gate, probes, advance: (ms: number) => (now += ms) };
}

const target = (id: string, host = 'dead.example:443'): GatedTarget => ({
  id,
  targetUrl: `https://${host}/hook`,
  maxInFlight: null,
  rateLimitPerSecond: null,
});

function passOf(entry: Entry): GatePass {
  if (entry.type !== 'go') throw new Error(`expected to go, waits ${entry.delayMs} ms`);
  return entry.pass;
}

describe('createEndpointGate', () => {
  it('When a host has not answered yet and its share of messages went through, then the next waits, though none has started its send', () => {
    const { gate } = openGate();
    // Both may still be waiting for their event's send slot: they hold their places all the same.
    passOf(gate.enter([target('a')]));
    passOf(gate.enter([target('a')]));

    const third = gate.enter([target('a')]);

    expect(third.type).toBe('wait');
  });

  it("When a host is at its share, then another host's message goes", () => {
    const { gate } = openGate();
    passOf(gate.enter([target('a')]));
    passOf(gate.enter([target('a')]));

    expect(gate.enter([target('b', 'healthy.example:443')]).type).toBe('go');
  });

  it('When a message leaves without sending, or its send ends, then its place is free again', async () => {
    const { gate } = openGate();
    const waiting = passOf(gate.enter([target('a')]));
    const sending = passOf(gate.enter([target('a')]));
    const admission = await sending.admit(target('a'));

    waiting.leave();
    const next = passOf(gate.enter([target('a')]));
    expect(gate.enter([target('a')]).type).toBe('wait');
    if (admission.type !== 'go') throw new Error('the held place should send');
    await admission.done(40, true);

    expect(gate.enter([target('a')]).type).toBe('go');
    next.leave();
  });

  it("When a message holds places on two subscriptions of one host, then it counts once against the host's share", () => {
    const { gate } = openGate();
    passOf(gate.enter([target('a'), target('a2')]));
    passOf(gate.enter([target('a')]));

    expect(gate.enter([target('a3')]).type).toBe('wait');
  });

  it("When a circuit's cool-down has ended, then one message goes to probe and the others wait", async () => {
    const circuits = new Map<string, CircuitView>([
      ['a', { state: 'OPEN', openUntil: new Date(START - 1), probeUntil: null }],
    ]);
    const { gate, probes } = openGate(circuits);

    const candidate = passOf(gate.enter([target('a')]));
    const others = Array.from({ length: 5 }, () => gate.enter([target('a')]));

    expect(others.map((entry) => entry.type)).toEqual(others.map(() => 'wait'));
    expect((await candidate.admit(target('a'))).type).toBe('go');
    expect(probes).toEqual(['a']);
  });

  it('When many messages of a blocked host are deferred together, then they come back spread out, at most 5 in any 100 ms', () => {
    const { gate } = openGate();
    passOf(gate.enter([target('a')]));
    passOf(gate.enter([target('a')]));

    const delays = Array.from({ length: 300 }, () => {
      const entry = gate.enter([target('a')]);
      if (entry.type !== 'wait') throw new Error('a host at its share should make the message wait');
      return entry.delayMs;
    });

    const perSlot = new Map<number, number>();
    for (const delay of delays) {
      const slot = Math.floor((START + delay) / 100);
      perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
    }
    expect(Math.max(...perSlot.values())).toBeLessThanOrEqual(5);
    // Not before the host's expected answer time less its jitter (1 s unknown, −20 %).
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(800);
    // 300 at 50 a second: about six seconds of returns.
    expect(Math.max(...delays)).toBeGreaterThanOrEqual(6_000);
  });
});
