import type { TRuleExecution } from '@wm/contracts';

export type ExecutionStats = { total: number; successes: number; failures: number; averageMs: number };

/** Counters of the Execuções tab over the executions on screen; the average in whole milliseconds. */
export function summariseExecutions(executions: readonly TRuleExecution[]): ExecutionStats {
  const successes = executions.filter((execution) => execution.success).length;
  const totalMs = executions.reduce((sum, execution) => sum + (execution.executionTimeMs ?? 0), 0);
  return {
    total: executions.length,
    successes,
    failures: executions.length - successes,
    averageMs: executions.length === 0 ? 0 : Math.round(totalMs / executions.length),
  };
}
