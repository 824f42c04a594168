import { Switch } from '@/components/ui/switch';
import { useToggleEventRule } from '../api/toggle-event-rule';

/** Activates or deactivates a rule (PATCH toggle). */
export function RuleStatusSwitch({
  rule,
  isDisabled = false,
}: {
  rule: { id: string; name: string; isActive: boolean };
  isDisabled?: boolean;
}) {
  const toggle = useToggleEventRule();
  return (
    <Switch
      checked={rule.isActive}
      disabled={isDisabled || toggle.isPending}
      onCheckedChange={() => toggle.mutate(rule.id)}
      aria-label={rule.isActive ? `Desativar regra ${rule.name}` : `Ativar regra ${rule.name}`}
    />
  );
}
