import type { TEventRule } from '@wm/contracts';
import { RULE_OPERATOR_LABELS } from '@wm/rules';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { describeConditions } from '../lib/rule-text';

/** The rule's conditions: field, operator label, values and case sensitivity. */
export function RuleConditionsCard({ rule }: { rule: TEventRule }) {
  return (
    <Card data-testid="rule-conditions">
      <CardHeader>
        <CardTitle>Condições</CardTitle>
        <CardDescription>
          {describeConditions(rule.conditions)}
          {rule.conditions.logic === 'AND' ? ': todas precisam ser atendidas.' : ': basta uma ser atendida.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {rule.conditions.rules.map((condition, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions are stored as an ordered list
            key={index}
            className="flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm"
          >
            <code>{condition.field}</code>
            <span className="text-muted-foreground">
              {RULE_OPERATOR_LABELS[condition.operator] ?? condition.operator}
            </span>
            {condition.values.map((value) => (
              <Badge key={value} variant="outline" className="font-mono">
                {value}
              </Badge>
            ))}
            <Badge variant={condition.caseSensitive ? 'primary' : 'default'}>
              {condition.caseSensitive ? 'Diferencia maiúsculas' : 'Ignora maiúsculas'}
            </Badge>
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
