import type { AppContext } from '../context';
import { announceLocalChange, CHANGE_CHANNELS } from '../db/change-channel';
import { exponentialDelayMs } from '../lib/backoff';
import {
  type CircuitRow,
  CLOSE_AFTER_PROBE,
  DISABLE_DEAD_SUBSCRIPTION,
  OPEN_CIRCUIT,
  REOPEN_AFTER_PROBE,
  SELECT_NOT_CLOSED,
  TAKE_PROBE,
} from './circuit-sql';
import { type CircuitSnapshot, type CircuitStep, transition } from './circuit-transition';

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
 * that are not closed (read every CIRCUIT_REFRESH_MS and on its own transitions), and the
 * transitions `transition` decides, each stored by a conditional update so that concurrent
 * processes agree. Every transition is logged and counted (`webhook_circuit_transitions_total`).
 */
export function createCircuitBreaker(ctx: AppContext, ownerId: string): CircuitBreaker {
  const { config, logger, metrics } = ctx;
  const notClosed = new Map<string, CircuitSnapshot>();
  /** Probes this process holds, with the circuit seen when it took them. */
  const probes = new Map<string, CircuitSnapshot>();
  const listeners: Array<(subscriptionIds: string[]) => void> = [];

  const remember = (row: CircuitRow) => {
    notClosed.set(row.subscription_id, toSnapshot(row));
  };
  const record = (subscriptionId: string, step: CircuitStep, details: Record<string, unknown> = {}) => {
    const to = step.next.state;
    metrics.increment(
      'webhook_circuit_transitions_total',
      'Circuit breaker state changes made by this process',
      {
        to,
      },
    );
    logger.info({ subscriptionId, circuit: to, ...details }, step.message);
  };
  const announceOpened = (subscriptionIds: string[]) => {
    if (subscriptionIds.length === 0) return;
    for (const listener of listeners) listener(subscriptionIds);
  };
  // Doubling with each opening in a row, jittered so circuits opened together do not probe together.
  const cooldownOf = (openCount: number) =>
    exponentialDelayMs(openCount, {
      baseMs: config.DELIVERY_CIRCUIT_COOLDOWN_MS,
      maxMs: config.DELIVERY_CIRCUIT_MAX_COOLDOWN_MS,
    });
  const probeLeaseMs = config.DELIVERY_TIMEOUT_MS + PROBE_MARGIN_MS;
  // Its held deliveries are then ended by the housekeeping sweep, with the reason.
  const disableDeadSubscription = async (subscriptionId: string, at: Date) => {
    const rows = await ctx.database.query(
      DISABLE_DEAD_SUBSCRIPTION,
      [subscriptionId, at],
      'circuit_disable_subscription',
    );
    if (rows.length === 0) return;
    announceLocalChange(ctx, CHANGE_CHANNELS.emitTargets);
    logger.warn(
      { subscriptionId, openForMs: config.DELIVERY_DISABLE_AFTER_MS },
      'subscription disabled: its circuit stayed open for the whole disable period',
    );
  };

  const refresh = async () => {
    const rows = await ctx.database.query<CircuitRow>(SELECT_NOT_CLOSED, [], 'circuits_not_closed');
    const wasClosed = rows
      .filter((row) => !notClosed.has(row.subscription_id))
      .map((row) => row.subscription_id);
    notClosed.clear();
    for (const row of rows) remember(row);
    announceOpened(wasClosed);
  };

  return {
    isClosed: (subscriptionId) => !notClosed.has(subscriptionId),
    viewOf: (subscriptionId) => notClosed.get(subscriptionId) ?? null,
    dueProbes() {
      const event = { type: 'TAKE_PROBE', at: ctx.clock(), leaseMs: probeLeaseMs } as const;
      const due: string[] = [];
      for (const [id, circuit] of notClosed) {
        if (!probes.has(id) && transition(circuit, event)) due.push(id);
      }
      return due;
    },
    async takeProbe(subscriptionId) {
      const at = ctx.clock();
      const step = transition(notClosed.get(subscriptionId) ?? UNSEEN_OPEN, {
        type: 'TAKE_PROBE',
        at,
        leaseMs: probeLeaseMs,
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
        notClosed.delete(subscriptionId);
        return false;
      }
      remember(row);
      probes.set(subscriptionId, toSnapshot(row));
      record(subscriptionId, step);
      return true;
    },
    async settleProbe(subscriptionId, isSuccess) {
      const probe = probes.get(subscriptionId);
      if (probe === undefined) return;
      probes.delete(subscriptionId);
      const at = ctx.clock();
      if (isSuccess) {
        const step = transition(probe, { type: 'PROBE_SUCCEEDED', at });
        if (!step) return;
        const rows = await ctx.database.query(
          CLOSE_AFTER_PROBE,
          [subscriptionId, ownerId, at, 0, step.next.openCount, step.next.openSince],
          'circuit_close_after_probe',
        );
        notClosed.delete(subscriptionId);
        // The recorded success may have closed it first.
        if (rows.length > 0) record(subscriptionId, step, { probe: 'succeeded' });
        return;
      }
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
      remember(row);
      record(subscriptionId, step, { probe: 'failed', cooldownMs, openUntil: row.open_until });
      announceOpened([subscriptionId]);
      if (step.isDisabling) await disableDeadSubscription(subscriptionId, at);
    },
    async dropProbe(subscriptionId) {
      const probe = probes.get(subscriptionId);
      if (probe === undefined) return;
      probes.delete(subscriptionId);
      const at = ctx.clock();
      const step = transition(probe, { type: 'PROBE_DROPPED', at });
      if (!step) return;
      const rows = await ctx.database.query(
        CLOSE_AFTER_PROBE,
        [
          subscriptionId,
          ownerId,
          at,
          Math.max(0, config.DELIVERY_CIRCUIT_FAILURES - 1),
          step.next.openCount,
          step.next.openSince,
        ],
        'circuit_close_after_probe',
      );
      notClosed.delete(subscriptionId);
      if (rows.length > 0) record(subscriptionId, step, { probe: 'nothing to send' });
    },
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
        remember(row);
        opened.push(subscriptionId);
        record(subscriptionId, step, { cooldownMs, openUntil: row.open_until });
      }
      announceOpened(opened);
    },
    closed(subscriptionIds) {
      for (const id of subscriptionIds) {
        // The record statement closed only circuits it found not closed.
        const step = transition(notClosed.get(id) ?? UNSEEN_OPEN, {
          type: 'DELIVERY_SUCCEEDED',
          at: ctx.clock(),
        });
        notClosed.delete(id);
        if (step) record(id, step, { reason: 'a delivery succeeded' });
      }
    },
    onOpened(listener) {
      listeners.push(listener);
    },
    refresh,
  };
}

/** A circuit the database holds as not closed that this process has not read yet. */
const UNSEEN_OPEN: CircuitSnapshot = {
  state: 'OPEN',
  openUntil: null,
  probeUntil: null,
  openCount: 0,
  openSince: null,
};

const toSnapshot = (row: CircuitRow): CircuitSnapshot => ({
  state: row.state,
  openUntil: row.open_until ? new Date(row.open_until) : null,
  probeUntil: row.probe_until ? new Date(row.probe_until) : null,
  openCount: row.open_count,
  openSince: row.open_since ? new Date(row.open_since) : null,
});
