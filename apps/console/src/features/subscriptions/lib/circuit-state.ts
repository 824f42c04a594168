import type { CircuitState } from '@wm/contracts';
import type { BadgeVariant } from '@/components/ui/badge';
import { formatDateTimeSeconds } from '@/lib/format';

/** How the console names a circuit: delivering, deferring until a time, or sending one test request. */
export function describeCircuit(circuit: { state: CircuitState; openUntil: string | null }): {
  label: string;
  variant: BadgeVariant;
} {
  if (circuit.state === 'OPEN') {
    return {
      label: circuit.openUntil ? `Aberto até ${formatDateTimeSeconds(circuit.openUntil)}` : 'Aberto',
      variant: 'error',
    };
  }
  if (circuit.state === 'HALF_OPEN') return { label: 'Testando o endpoint', variant: 'warning' };
  return { label: 'Fechado', variant: 'success' };
}
