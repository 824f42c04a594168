import type { TEventRule, TRouteField } from '@wm/contracts';
import { CheckCircle2, FlaskConical, TriangleAlert, XCircle } from 'lucide-react';
import { useState } from 'react';
import { SampleButtons } from '@/components/test-data-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { envelopeWithData, type RuleTestOutcome, sampleEnvelope, testRule } from '../lib/test-rule';

/**
 * 'Testar regra': evaluates the rule in the browser against typed JSON; nothing is sent. The event
 * type's first example, when it has one, is the data the generated sample meets the rule on; each
 * example is offered as data as it is.
 */
export function RuleTestCard({
  rule,
  fields,
  samples = [],
}: {
  rule: TEventRule;
  fields: TRouteField[];
  /** The examples of the rule's route event type. */
  samples?: readonly unknown[];
}) {
  const [text, setText] = useState(() => sampleEnvelope(rule, fields, samples[0]));
  const [outcome, setOutcome] = useState<RuleTestOutcome | null>(null);
  return (
    <Card data-testid="rule-test">
      <CardHeader>
        <CardTitle>Testar regra</CardTitle>
        <CardDescription>
          Avalie as condições com os dados que seriam enviados para /v1/emit-rules. Nada é enviado.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <SampleButtons
          samples={samples}
          onPick={(json) => setText(envelopeWithData(text, JSON.parse(json)))}
        />
        <div className="grid gap-2">
          <Label htmlFor="rule-test-data">Dados de teste (JSON)</Label>
          <Textarea
            id="rule-test-data"
            rows={10}
            className="font-mono text-xs"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button className="w-fit" onClick={() => setOutcome(testRule(rule, text))}>
          <FlaskConical />
          Testar Regra
        </Button>
        {outcome ? <RuleTestResult outcome={outcome} ruleType={rule.conditions.type} /> : null}
      </CardContent>
    </Card>
  );
}

function RuleTestResult({ outcome, ruleType }: { outcome: RuleTestOutcome; ruleType: string }) {
  if (outcome.kind === 'invalid-data') {
    return (
      <div className="grid gap-1 rounded-md border p-3" data-testid="rule-test-result">
        <Badge variant="error">{outcome.title}</Badge>
        <p className="text-sm">{outcome.description}</p>
      </div>
    );
  }
  const { result } = outcome;
  return (
    <div className="grid gap-2 rounded-md border p-3" data-testid="rule-test-result">
      <Badge variant={result.match ? 'success' : 'warning'}>
        {result.match ? 'A regra corresponde' : 'A regra não corresponde'}
      </Badge>
      <p className="text-sm text-muted-foreground">{result.reason}</p>
      {outcome.isOtherEventType ? (
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" />O eventType dos dados é diferente
          de "{ruleType}": o servidor não avaliaria esta regra.
        </p>
      ) : null}
      <ol className="grid gap-1.5">
        {result.conditions.map((condition, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: one result per condition, in order
            key={index}
            className="flex items-start gap-2 text-sm"
            data-testid="rule-test-condition"
            data-match={condition.match}
          >
            {condition.match ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" />
            )}
            <span>
              Condição {index + 1}: {condition.reason}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
