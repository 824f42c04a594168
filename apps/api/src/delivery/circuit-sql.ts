import type { CircuitState } from '@wm/contracts';

// The statements of the circuit breaker's store (circuit-breaker.ts) on `endpoint_circuits`.

export type CircuitRow = {
  subscription_id: string;
  state: CircuitState;
  open_until: Date | null;
  probe_until: Date | null;
  open_count: number;
  open_since: Date | null;
};

export const SELECT_NOT_CLOSED = `
  SELECT subscription_id, state, open_until, probe_until, open_count, open_since
  FROM endpoint_circuits WHERE state <> 'CLOSED'`;

// Each statement stores a step of `transition` on the condition it was decided from, so that
// concurrent processes agree. Conditional: among processes that saw the same failures, one opens it.
export const OPEN_CIRCUIT = `
  UPDATE endpoint_circuits SET state = 'OPEN', open_until = $3::timestamptz,
    open_count = open_count + 1, probe_by = NULL, probe_until = NULL, open_since = COALESCE(open_since, $2),
    changed_at = $2, updated_at = $2
  WHERE subscription_id = $1 AND state = 'CLOSED' AND open_count = $4 AND consecutive_failures >= $5
  RETURNING subscription_id, state, open_until, probe_until, open_count, open_since`;

export const TAKE_PROBE = `
  UPDATE endpoint_circuits SET state = 'HALF_OPEN', probe_by = $2,
    probe_until = $4::timestamptz, changed_at = $3, updated_at = $3
  WHERE subscription_id = $1
    AND ((state = 'OPEN' AND open_until <= $3) OR (state = 'HALF_OPEN' AND probe_until < $3))
  RETURNING subscription_id, state, open_until, probe_until, open_count, open_since`;

export const REOPEN_AFTER_PROBE = `
  UPDATE endpoint_circuits SET state = 'OPEN', open_until = $4::timestamptz,
    open_count = open_count + 1, probe_by = NULL, probe_until = NULL, changed_at = $3, updated_at = $3
  WHERE subscription_id = $1 AND state = 'HALF_OPEN' AND probe_by = $2
  RETURNING subscription_id, state, open_until, probe_until, open_count, open_since`;

export const CLOSE_AFTER_PROBE = `
  UPDATE endpoint_circuits SET state = 'CLOSED', consecutive_failures = $4, open_count = $5,
    open_until = NULL, probe_by = NULL, probe_until = NULL, open_since = $6::timestamptz,
    changed_at = $3, updated_at = $3
  WHERE subscription_id = $1 AND state = 'HALF_OPEN' AND probe_by = $2
  RETURNING subscription_id`;

// A circuit open for the whole disable period: its subscription is taken for dead (the owner
// enables it again, and resends what it missed). Only an ACTIVE one: a paused or already disabled
// subscription keeps its status and reason.
export const DISABLE_DEAD_SUBSCRIPTION = `
  UPDATE subscriptions SET status = 'FAILED', disabled_reason = 'CIRCUIT_OPEN',
    disabled_at = $2::timestamptz, updated_at = $2::timestamptz
  WHERE id = $1 AND status = 'ACTIVE'
  RETURNING id`;
