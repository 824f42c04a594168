import type { AppContext } from '../context';
import { exponentialDelayMs } from '../lib/backoff';
import { createCircuitProbes } from './circuit-probes';
import { type CircuitRow, OPEN_CIRCUIT } from './circuit-sql';
import { type CircuitSnapshot, transition } from './circuit-transition';
import { createCircuitTransitionsLog } from './circuit-transitions-log';
import { createCircuitsNotClosed, UNSEEN_OPEN } from './circuits-not-closed';

/** How often each process reads the circuits that are not closed (others' transitions). */
export const CIRCUIT_REFRESH_MS = 1_000;
/** A probe's lease beyond the delivery timeout: a prober that died gives way to another after it. */
const PROBE_MARGIN_MS = 5_000;

export type CircuitView = Pick<CircuitSnapshot, 'state' | 'openUntil' | 'probeUntil'>;

/** Subscriptions whose failures reached the threshold while CLOSED, as the record statement answers them. */
export type TrippedCircuit = { subscriptionId: string; openCount: number };

export type CircuitBreaker = {
  /** False while the subscription's circuit is OPEN or HALF_OPEN: its deliveries are deferred. */
  isClosed(subscriptionId: string): boolean;
  /** The cached circuit of a subscription that is not closed. */
  viewOf(subscriptionId: string): CircuitView | null;
  /** OPEN circuits whose cool-down has ended (or whose probe's lease lapsed): a probe may go. */
  dueProbes(): string[];
  /** Takes the subscription's probe for `ownerId`; true when this caller is to send it. */
  takeProbe(subscriptionId: string): Promise<boolean>;
  /** The probe's outcome: success closes, failure opens again for a longer cool-down. */
  settleProbe(subscriptionId: string, isSuccess: boolean): Promise<void>;
  /** The probe found nothing to send: closed, one failure away from opening again. */
  dropProbe(subscriptionId: string): Promise<void>;
  /** Opens the circuits the record statement found at the threshold (one process wins each). */
  open(tripped: TrippedCircuit[]): Promise<void>;
  /** The record statement of this process closed these (a success). */
  closed(subscriptionIds: string[]): void;
  /** Called with the subscriptions whose circuit this process has just seen open. */
  onOpened(listener: (subscriptionIds: string[]) => void): void;
  /** Reads the circuits that are not closed again (the `circuit_refresh` job, every CIRCUIT_REFRESH_MS). */
  refresh(): Promise<void>;
};

/**
 * One process's view of the circuit breakers, shared through `endpoint_circuits`: the circuits
 * that are not closed (read every CIRCUIT_REFRESH_MS and on its own transitions,
 * `circuits-not-closed.ts`), its probes (`circuit-probes.ts`), and the transitions `transition`
 * decides, each stored by a conditional update so that concurrent processes agree. Every
 * transition is logged and counted (`circuit-transitions-log.ts`).
 */
export function createCircuitBreaker(ctx: AppContext, ownerId: string): CircuitBreaker {
  const { config } = ctx;
  const circuits = createCircuitsNotClosed(ctx.database);
  const record = createCircuitTransitionsLog(ctx);
  // Doubling with each opening in a row, jittered so circuits opened together do not probe together.
  const cooldownOf = (openCount: number) =>
    exponentialDelayMs(openCount, {
      baseMs: config.DELIVERY_CIRCUIT_COOLDOWN_MS,
      maxMs: config.DELIVERY_CIRCUIT_MAX_COOLDOWN_MS,
    });
  const leaseMs = config.DELIVERY_TIMEOUT_MS + PROBE_MARGIN_MS;
  const probes = createCircuitProbes(ctx, { ownerId, leaseMs, circuits, record, cooldownOf });

  return {
    isClosed: (subscriptionId) => !circuits.has(subscriptionId),
    viewOf: (subscriptionId) => circuits.get(subscriptionId) ?? null,
    dueProbes() {
      const event = { type: 'TAKE_PROBE', at: ctx.clock(), leaseMs } as const;
      const due: string[] = [];
      for (const [id, circuit] of circuits.entries()) {
        if (!probes.isHeld(id) && transition(circuit, event)) due.push(id);
      }
      return due;
    },
    takeProbe: (subscriptionId) => probes.take(subscriptionId),
    settleProbe: (subscriptionId, isSuccess) => probes.settle(subscriptionId, isSuccess),
    dropProbe: (subscriptionId) => probes.drop(subscriptionId),
    async open(tripped) {
      const opened: string[] = [];
      for (const { subscriptionId, openCount } of tripped) {
        const at = ctx.clock();
        const cooldownMs = cooldownOf(openCount);
        const step = transition(
          { state: 'CLOSED', openUntil: null, probeUntil: null, openCount, openSince: null },
          { type: 'TRIP', at, cooldownMs },
        );
        if (!step) continue;
        const [row] = await ctx.database.query<CircuitRow>(
          OPEN_CIRCUIT,
          [subscriptionId, at, step.next.openUntil, openCount, config.DELIVERY_CIRCUIT_FAILURES],
          'circuit_open',
        );
        if (!row) continue;
        circuits.remember(row);
        opened.push(subscriptionId);
        record(subscriptionId, step, { cooldownMs, openUntil: row.open_until });
      }
      circuits.announceOpened(opened);
    },
    closed(subscriptionIds) {
      for (const id of subscriptionIds) {
        // The record statement closed only circuits it found not closed.
        const step = transition(circuits.get(id) ?? UNSEEN_OPEN, {
          type: 'DELIVERY_SUCCEEDED',
          at: ctx.clock(),
        });
        circuits.forget(id);
        if (step) record(id, step, { reason: 'a delivery succeeded' });
      }
    },
    onOpened: (listener) => circuits.onOpened(listener),
    refresh: () => circuits.refresh(),
  };
}
