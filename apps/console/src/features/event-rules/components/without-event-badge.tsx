import { AlertTriangle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Marks a rule with neither a linked event nor a route event type. */
export function WithoutEventBadge() {
  return (
    <Badge variant="warning" title="Esta regra não tem evento vinculado nem tipo de evento.">
      <AlertTriangle />
      Sem evento
    </Badge>
  );
}
