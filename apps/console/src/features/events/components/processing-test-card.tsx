import { buildAuthHeaders, type TEventDetail } from '@wm/contracts';
import { FlaskConical, Send } from 'lucide-react';
import { useState } from 'react';
import { BrowserAnswer } from '@/components/browser-answer';
import { FilterFailureList, TestDataFields } from '@/components/test-data-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { JsonView } from '@/components/ui/json-view';
import { errorMessage } from '@/lib/api-client';
import { type BrowserRequestResult, sendBrowserRequest } from '@/lib/browser-request';
import { INVALID_TEST_DATA, parseTestInput } from '@/lib/test-data';
import { useDryRunEmit } from '../api/dry-run-emit';
import { describeDryRun, type ProcessingOutcome, type SubscriptionOutcome } from '../lib/describe-dry-run';

const KIND_VARIANT = {
  delivered: 'success',
  filtered: 'warning',
  skipped: 'warning',
} as const;

/**
 * Asks the server for a dry run of an emit with the typed data and headers: what it would do to
 * each subscription, storing and sending nothing. Each subscription that would receive it can then
 * be sent the rendered body by the browser itself (not through the server), with headers naming
 * the subscription and its auth.
 */
export function ProcessingTestCard({ event }: { event: TEventDetail }) {
  // The event's first example, when it has one, is the data a test starts from.
  const [data, setData] = useState(() =>
    event.examples.length > 0 ? JSON.stringify(event.examples[0], null, 2) : '{\n  "body": "teste"\n}',
  );
  const [headers, setHeaders] = useState('');
  const [outcome, setOutcome] = useState<ProcessingOutcome | null>(null);
  const [answers, setAnswers] = useState<Record<string, BrowserRequestResult | 'sending'>>({});

  const send = async (result: SubscriptionOutcome) => {
    const subscription = event.subscriptions.find((candidate) => candidate.id === result.subscriptionId);
    if (!subscription) return;
    setAnswers((current) => ({ ...current, [subscription.id]: 'sending' }));
    const answer = await sendBrowserRequest(subscription.targetUrl, {
      method: subscription.httpMethod,
      headers: {
        'x-subscription-id': subscription.id,
        'x-subscription-name': subscription.name,
        ...buildAuthHeaders(subscription.authType, subscription.authDetails),
      },
      body: result.body,
    });
    setAnswers((current) => ({ ...current, [subscription.id]: answer }));
  };

  const dryRun = useDryRunEmit();
  const run = async () => {
    setAnswers({});
    const input = parseTestInput(data, headers);
    if (!input) {
      setOutcome(INVALID_TEST_DATA);
      return;
    }
    try {
      const answer = await dryRun.mutateAsync({
        applicationId: event.applicationId,
        eventType: event.alias,
        data: input.body,
        headers: input.headers,
      });
      setOutcome(describeDryRun(answer, event.subscriptions));
    } catch (error) {
      setOutcome({ kind: 'refused', title: 'Emissão recusada', description: errorMessage(error) });
    }
  };

  return (
    <Card data-testid="processing-test">
      <CardHeader>
        <CardTitle>Teste de Processamento</CardTitle>
        <CardDescription>
          Simula o processamento do evento com os dados abaixo, aplicando os filtros de cada assinatura.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <TestDataFields
          idPrefix="processing"
          data={data}
          onDataChange={setData}
          headers={headers}
          onHeadersChange={setHeaders}
          samples={event.examples}
        />
        <Button onClick={run} disabled={dryRun.isPending}>
          <FlaskConical />
          Simular Processamento
        </Button>
        {outcome ? (
          <div className="grid gap-3" data-testid="processing-result">
            <div className="grid gap-1">
              <p className="font-medium">{outcome.title}</p>
              <p className="text-sm text-muted-foreground">{outcome.description}</p>
              {outcome.kind === 'processed' && outcome.notice ? (
                <p className="text-sm text-[oklch(0.5_0.13_60)]" data-testid="processing-notice">
                  {outcome.notice}
                </p>
              ) : null}
            </div>
            {outcome.kind === 'processed' ? (
              <div className="grid gap-3 lg:grid-cols-2">
                {outcome.results.map((result) => (
                  <div
                    key={result.subscriptionId}
                    className="grid min-w-0 content-start gap-2 rounded-md border p-3"
                  >
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-sm font-medium">{result.name}</span>
                      <Badge variant={KIND_VARIANT[result.kind]}>{result.title}</Badge>
                    </div>
                    <p className="text-sm text-muted-foreground">{result.description}</p>
                    <FilterFailureList failures={result.failures} />
                    {result.body !== undefined ? <JsonView value={result.body} /> : null}
                    {result.kind === 'delivered' ? (
                      <SendFromBrowser answer={answers[result.subscriptionId]} onSend={() => send(result)} />
                    ) : null}
                  </div>
                ))}
              </div>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SendFromBrowser({
  answer,
  onSend,
}: {
  answer: BrowserRequestResult | 'sending' | undefined;
  onSend: () => void;
}) {
  return (
    <div className="grid gap-2">
      <Button variant="outline" size="sm" onClick={onSend} disabled={answer === 'sending'}>
        <Send />
        {answer === 'sending' ? 'Enviando...' : 'Enviar pelo navegador'}
      </Button>
      {answer && answer !== 'sending' ? <BrowserAnswer result={answer} testId="processing-answer" /> : null}
    </div>
  );
}
