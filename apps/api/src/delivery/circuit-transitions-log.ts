import type { AppContext } from '../context';
import type { CircuitStep } from './circuit-transition';

/** Logs and counts one transition this process stored. */
export type RecordCircuitTransition = (
  subscriptionId: string,
  step: CircuitStep,
  details?: Record<string, unknown>,
) => void;

/** Each transition logged at info and counted in `webhook_circuit_transitions_total` by target state. */
export function createCircuitTransitionsLog(
  ctx: Pick<AppContext, 'logger' | 'metrics'>,
): RecordCircuitTransition {
  return (subscriptionId, step, details = {}) => {
    const to = step.next.state;
    ctx.metrics.increment(
      'webhook_circuit_transitions_total',
      'Circuit breaker state changes made by this process',
      {
        to,
      },
    );
    ctx.logger.info({ subscriptionId, circuit: to, ...details }, step.message);
  };
}
