import type { CircuitState } from '@wm/contracts';
import type { AppContext } from '../context';
import { exponentialDelayMs } from '../lib/backoff';

/** How often each process reads the circuits that are not closed (others' transitions). */
export const CIRCUIT_REFRESH_MS = 1_000;
/** A probe's lease beyond the delivery timeout: a prober that died gives way to another after it. */
const PROBE_MARGIN_MS = 5_000;

export type CircuitView = { state: CircuitState; openUntil: Date | null; probeUntil: Date | null };

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

type CircuitRow = {
  subscription_id: string;
  state: CircuitState;
  open_until: Date | null;
  probe_until: Date | null;
  open_count: number;
};

const SELECT_NOT_CLOSED = `
  SELECT subscription_id, state, open_until, probe_until, open_count
  FROM endpoint_circuits WHERE state <> 'CLOSED'`;

// Conditional: among processes that saw the same failures, one opens it.
const OPEN_CIRCUIT = `
  UPDATE endpoint_circuits SET state = 'OPEN', open_until = $2::timestamptz + $3::int * interval '1 millisecond',
    open_count = open_count + 1, probe_by = NULL, probe_until = NULL, changed_at = $2, updated_at = $2
  WHERE subscription_id = $1 AND state = 'CLOSED' AND open_count = $4 AND consecutive_failures >= $5
  RETURNING subscription_id, state, open_until, probe_until, open_count`;

const TAKE_PROBE = `
  UPDATE endpoint_circuits SET state = 'HALF_OPEN', probe_by = $2,
    probe_until = $3::timestamptz + $4::int * interval '1 millisecond', changed_at = $3, updated_at = $3
  WHERE subscription_id = $1
    AND ((state = 'OPEN' AND open_until <= $3) OR (state = 'HALF_OPEN' AND probe_until < $3))
  RETURNING subscription_id, state, open_until, probe_until, open_count`;

const REOPEN_AFTER_PROBE = `
  UPDATE endpoint_circuits SET state = 'OPEN', open_until = $3::timestamptz + $4::int * interval '1 millisecond',
    open_count = open_count + 1, probe_by = NULL, probe_until = NULL, changed_at = $3, updated_at = $3
  WHERE subscription_id = $1 AND state = 'HALF_OPEN' AND probe_by = $2
  RETURNING subscription_id, state, open_until, probe_until, open_count`;

const CLOSE_AFTER_PROBE = `
  UPDATE endpoint_circuits SET state = 'CLOSED', consecutive_failures = $4, open_count = $5,
    open_until = NULL, probe_by = NULL, probe_until = NULL, changed_at = $3, updated_at = $3
  WHERE subscription_id = $1 AND state = 'HALF_OPEN' AND probe_by = $2
  RETURNING subscription_id`;

/**
 * One process's view of the circuit breakers, shared through `endpoint_circuits`: the circuits
 * that are not closed (read every CIRCUIT_REFRESH_MS and on its own transitions), and the
 * transitions themselves, each a conditional update so that concurrent processes agree. Every
 * transition is logged and counted (`webhook_circuit_transitions_total`).
 */
export function createCircuitBreaker(ctx: AppContext, ownerId: string): CircuitBreaker {
  const { config, logger, metrics } = ctx;
  const notClosed = new Map<string, CircuitView & { openCount: number }>();
  /** Probes this process holds, with the open count seen when it took them. */
  const probes = new Map<string, number>();
  const listeners: Array<(subscriptionIds: string[]) => void> = [];

  const remember = (row: CircuitRow) => {
    notClosed.set(row.subscription_id, {
      state: row.state,
      openUntil: row.open_until ? new Date(row.open_until) : null,
      probeUntil: row.probe_until ? new Date(row.probe_until) : null,
      openCount: row.open_count,
    });
  };
  const transition = (subscriptionId: string, to: CircuitState, details: Record<string, unknown> = {}) => {
    metrics.increment(
      'webhook_circuit_transitions_total',
      'Circuit breaker state changes made by this process',
      {
        to,
      },
    );
    const message = `circuit ${to === 'CLOSED' ? 'closed' : to === 'OPEN' ? 'opened' : 'probing'}`;
    logger.info({ subscriptionId, circuit: to, ...details }, message);
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
      const now = ctx.clock().getTime();
      const due: string[] = [];
      for (const [id, view] of notClosed) {
        if (probes.has(id)) continue;
        const isOpenDue = view.state === 'OPEN' && (view.openUntil?.getTime() ?? 0) <= now;
        const isProbeLapsed = view.state === 'HALF_OPEN' && (view.probeUntil?.getTime() ?? 0) < now;
        if (isOpenDue || isProbeLapsed) due.push(id);
      }
      return due;
    },
    async takeProbe(subscriptionId) {
      const [row] = await ctx.database.query<CircuitRow>(
        TAKE_PROBE,
        [subscriptionId, ownerId, ctx.clock(), config.DELIVERY_TIMEOUT_MS + PROBE_MARGIN_MS],
        'circuit_take_probe',
      );
      if (!row) {
        // Another process has it, or it closed: look again at the next refresh.
        notClosed.delete(subscriptionId);
        return false;
      }
      remember(row);
      probes.set(subscriptionId, row.open_count);
      transition(subscriptionId, 'HALF_OPEN');
      return true;
    },
    async settleProbe(subscriptionId, isSuccess) {
      const openCount = probes.get(subscriptionId);
      if (openCount === undefined) return;
      probes.delete(subscriptionId);
      if (isSuccess) {
        const rows = await ctx.database.query(
          CLOSE_AFTER_PROBE,
          [subscriptionId, ownerId, ctx.clock(), 0, 0],
          'circuit_close_after_probe',
        );
        notClosed.delete(subscriptionId);
        // The recorded success may have closed it first.
        if (rows.length > 0) transition(subscriptionId, 'CLOSED', { probe: 'succeeded' });
        return;
      }
      const cooldownMs = cooldownOf(openCount);
      const [row] = await ctx.database.query<CircuitRow>(
        REOPEN_AFTER_PROBE,
        [subscriptionId, ownerId, ctx.clock(), cooldownMs],
        'circuit_reopen_after_probe',
      );
      if (!row) return;
      remember(row);
      transition(subscriptionId, 'OPEN', { probe: 'failed', cooldownMs, openUntil: row.open_until });
      announceOpened([subscriptionId]);
    },
    async dropProbe(subscriptionId) {
      const openCount = probes.get(subscriptionId);
      if (openCount === undefined) return;
      probes.delete(subscriptionId);
      const rows = await ctx.database.query(
        CLOSE_AFTER_PROBE,
        [subscriptionId, ownerId, ctx.clock(), Math.max(0, config.DELIVERY_CIRCUIT_FAILURES - 1), openCount],
        'circuit_close_after_probe',
      );
      notClosed.delete(subscriptionId);
      if (rows.length > 0) transition(subscriptionId, 'CLOSED', { probe: 'nothing to send' });
    },
    async open(tripped) {
      const opened: string[] = [];
      for (const { subscriptionId, openCount } of tripped) {
        const cooldownMs = cooldownOf(openCount);
        const [row] = await ctx.database.query<CircuitRow>(
          OPEN_CIRCUIT,
          [subscriptionId, ctx.clock(), cooldownMs, openCount, config.DELIVERY_CIRCUIT_FAILURES],
          'circuit_open',
        );
        if (!row) continue;
        remember(row);
        opened.push(subscriptionId);
        transition(subscriptionId, 'OPEN', { cooldownMs, openUntil: row.open_until });
      }
      announceOpened(opened);
    },
    closed(subscriptionIds) {
      for (const id of subscriptionIds) {
        notClosed.delete(id);
        transition(id, 'CLOSED', { reason: 'a delivery succeeded' });
      }
    },
    onOpened(listener) {
      listeners.push(listener);
    },
    refresh,
  };
}
