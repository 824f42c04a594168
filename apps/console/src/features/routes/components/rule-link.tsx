import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ActiveBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';

/** A rule listed under a route or event type: its name and status, linking to the rule's page. */
export function RuleLink({ rule }: { rule: { id: string; name: string; isActive: boolean } }) {
  return (
    <Link
      to={paths.eventRules.detail.getHref(rule.id)}
      className="flex items-center justify-between gap-3 rounded-md border p-3 hover:bg-muted/50"
    >
      <span className="text-sm font-medium">{rule.name}</span>
      <div className="flex items-center gap-2">
        <ActiveBadge isActive={rule.isActive} labels={['Ativa', 'Inativa']} />
        <ChevronRight className="size-4 text-muted-foreground" />
      </div>
    </Link>
  );
}
