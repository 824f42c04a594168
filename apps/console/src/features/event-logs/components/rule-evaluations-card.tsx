import type { TRuleEvaluation } from '@wm/contracts';
import { isRuleOperator, RULE_OPERATOR_LABELS } from '@wm/rules';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

const operatorLabel = (operator: string) =>
  isRuleOperator(operator) ? RULE_OPERATOR_LABELS[operator] : operator;

function ConditionLine({ condition }: { condition: TRuleEvaluation['conditions'][number] }) {
  const Icon = condition.isMatch ? CheckCircle2 : XCircle;
  return (
    <li className="flex items-start gap-2 text-sm" data-testid="rule-evaluation-condition">
      <Icon
        className={
          condition.isMatch
            ? 'mt-0.5 size-4 shrink-0 text-success'
            : 'mt-0.5 size-4 shrink-0 text-destructive'
        }
        aria-label={condition.isMatch ? 'Atendida' : 'Não atendida'}
      />
      <span className="min-w-0 break-words">
        <span className="font-mono text-xs">{condition.field || '(sem campo)'}</span>{' '}
        <span className="text-muted-foreground">{operatorLabel(condition.operator)}</span>
        <span className="block text-muted-foreground">{condition.reason}</span>
      </span>
    </li>
  );
}

/**
 * 'Avaliação das regras': for a POST /emit-rules log, each candidate rule of its event type, whether
 * it fired and why each condition held or not; also when nothing fired, which leaves no execution.
 */
export function RuleEvaluationsCard({ evaluations }: { evaluations: TRuleEvaluation[] }) {
  const fired = evaluations.filter((evaluation) => evaluation.isMatch).length;
  return (
    <Card data-testid="rule-evaluations">
      <CardHeader>
        <CardTitle>Avaliação das regras</CardTitle>
        <CardDescription>
          {evaluations.length === 0
            ? 'Nenhuma regra ativa escuta este tipo de evento.'
            : `${fired} de ${evaluations.length} ${evaluations.length === 1 ? 'regra disparou' : 'regras dispararam'}.`}
        </CardDescription>
      </CardHeader>
      {evaluations.length > 0 ? (
        <CardContent className="grid gap-4">
          {evaluations.map((evaluation) => (
            <section
              key={evaluation.ruleId}
              className="grid gap-2 rounded-md border p-3"
              data-testid="rule-evaluation"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={paths.eventRules.detail.getHref(evaluation.ruleId)}
                  className="font-medium hover:underline"
                >
                  {evaluation.ruleName}
                </Link>
                <Badge variant={evaluation.isMatch ? 'success' : 'default'}>
                  {evaluation.isMatch ? 'Disparou' : 'Não disparou'}
                </Badge>
              </div>
              <ul className="grid gap-1.5">
                {evaluation.conditions.map((condition, index) => (
                  // Conditions have no id; their order is the rule's.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rule's order is stable
                  <ConditionLine key={index} condition={condition} />
                ))}
              </ul>
            </section>
          ))}
        </CardContent>
      ) : null}
    </Card>
  );
}
