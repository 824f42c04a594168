import type { AppContext } from '../context';
import { type CircuitRow, CLOSE_AFTER_PROBE, REOPEN_AFTER_PROBE, TAKE_PROBE } from './circuit-sql';
import { type CircuitSnapshot, transition } from './circuit-transition';
import type { RecordCircuitTransition } from './circuit-transitions-log';
import { type CircuitsNotClosed, toSnapshot, UNSEEN_OPEN } from './circuits-not-closed';
import { disableDeadSubscription } from './disable-dead-subscription';

/** The probes this process holds: taken by a lease in `endpoint_circuits`, settled once. */
export type CircuitProbes = {
  isHeld(subscriptionId: string): boolean;
  take(subscriptionId: string): Promise<boolean>;
  settle(subscriptionId: string, isSuccess: boolean): Promise<void>;
  drop(subscriptionId: string): Promise<void>;
};

export type CircuitProbesOptions = {
  ownerId: string;
  leaseMs: number;
  circuits: CircuitsNotClosed;
  record: RecordCircuitTransition;
  cooldownOf(openCount: number): number;
};

/** Each probe's outcome stored by a conditional update owned by `ownerId`, so processes agree. */
export function createCircuitProbes(ctx: AppContext, options: CircuitProbesOptions): CircuitProbes {
  const { config } = ctx;
  const { ownerId, leaseMs, circuits, record, cooldownOf } = options;
  /** Probes this process holds, with the circuit seen when it took them. */
  const probes = new Map<string, CircuitSnapshot>();
  /** The probe's circuit, no longer held; undefined when this process holds none. */
  const release = (subscriptionId: string) => {
    const probe = probes.get(subscriptionId);
    probes.delete(subscriptionId);
    return probe;
  };
  /** Closes the circuit after its probe, starting from `failures` failures. */
  const close = async (
    subscriptionId: string,
    probe: CircuitSnapshot,
    type: 'PROBE_SUCCEEDED' | 'PROBE_DROPPED',
    failures: number,
    details: Record<string, unknown>,
  ) => {
    const at = ctx.clock();
    const step = transition(probe, { type, at });
    if (!step) return;
    const rows = await ctx.database.query(
      CLOSE_AFTER_PROBE,
      [subscriptionId, ownerId, at, failures, step.next.openCount, step.next.openSince],
      'circuit_close_after_probe',
    );
    circuits.forget(subscriptionId);
    // The recorded success may have closed it first.
    if (rows.length > 0) record(subscriptionId, step, details);
  };
  return {
    isHeld: (subscriptionId) => probes.has(subscriptionId),
    async take(subscriptionId) {
      const at = ctx.clock();
      const step = transition(circuits.get(subscriptionId) ?? UNSEEN_OPEN, {
        type: 'TAKE_PROBE',
        at,
        leaseMs,
      });
      const [row] = step
        ? await ctx.database.query<CircuitRow>(
            TAKE_PROBE,
            [subscriptionId, ownerId, at, step.next.probeUntil],
            'circuit_take_probe',
          )
        : [];
      if (!step || !row) {
        // Another process has it, or it closed: look again at the next refresh.
        circuits.forget(subscriptionId);
        return false;
      }
      circuits.remember(row);
      probes.set(subscriptionId, toSnapshot(row));
      record(subscriptionId, step);
      return true;
    },
    async settle(subscriptionId, isSuccess) {
      const probe = release(subscriptionId);
      if (probe === undefined) return;
      if (isSuccess) return close(subscriptionId, probe, 'PROBE_SUCCEEDED', 0, { probe: 'succeeded' });
      const at = ctx.clock();
      const cooldownMs = cooldownOf(probe.openCount);
      const step = transition(probe, {
        type: 'PROBE_FAILED',
        at,
        cooldownMs,
        disableAfterMs: config.DELIVERY_DISABLE_AFTER_MS,
      });
      if (!step) return;
      const [row] = await ctx.database.query<CircuitRow>(
        REOPEN_AFTER_PROBE,
        [subscriptionId, ownerId, at, step.next.openUntil],
        'circuit_reopen_after_probe',
      );
      if (!row) return;
      circuits.remember(row);
      record(subscriptionId, step, { probe: 'failed', cooldownMs, openUntil: row.open_until });
      circuits.announceOpened([subscriptionId]);
      if (step.isDisabling) await disableDeadSubscription(ctx, subscriptionId, at);
    },
    async drop(subscriptionId) {
      const probe = release(subscriptionId);
      if (probe === undefined) return;
      // Closed, one failure away from opening again.
      const failures = Math.max(0, config.DELIVERY_CIRCUIT_FAILURES - 1);
      await close(subscriptionId, probe, 'PROBE_DROPPED', failures, { probe: 'nothing to send' });
    },
  };
}
