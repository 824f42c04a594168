import type { TEventDetail } from '@wm/contracts';
import type { Filter } from '@wm/rules';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { FilterFailureList, TestDataFields } from '@/components/test-data-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { JsonView } from '@/components/ui/json-view';
import { type ProcessingOutcome, simulateEventProcessing } from '../lib/simulate-processing';

const KIND_VARIANT = {
  delivered: 'success',
  filtered: 'warning',
  'no-url': 'error',
  error: 'error',
} as const;

/** Simulates an emit with the typed data against the event's subscriptions and filters; nothing is sent. */
export function ProcessingTestCard({ event }: { event: TEventDetail }) {
  const [data, setData] = useState('{\n  "body": "teste"\n}');
  const [headers, setHeaders] = useState('');
  const [outcome, setOutcome] = useState<ProcessingOutcome | null>(null);

  const run = () =>
    setOutcome(
      simulateEventProcessing(
        event,
        event.subscriptions.map((subscription) => ({
          id: subscription.id,
          name: subscription.name,
          targetUrl: subscription.targetUrl,
          filters: subscription.filters as Filter[],
          jsonBody: subscription.jsonBody,
        })),
        data,
        headers,
      ),
    );

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
        />
        <Button onClick={run}>
          <FlaskConical />
          Simular Processamento
        </Button>
        {outcome ? (
          <div className="grid gap-3" data-testid="processing-result">
            <div className="grid gap-1">
              <p className="font-medium">{outcome.title}</p>
              <p className="text-sm text-muted-foreground">{outcome.description}</p>
            </div>
            {outcome.kind === 'processed'
              ? outcome.results.map((result) => (
                  <div key={result.subscriptionId} className="grid gap-2 rounded-md border p-3">
                    <div className="flex items-center justify-between gap-2">
                      <span className="text-sm font-medium">{result.name}</span>
                      <Badge variant={KIND_VARIANT[result.kind]}>{result.title}</Badge>
                    </div>
                    <p className="text-sm text-muted-foreground">{result.description}</p>
                    <FilterFailureList failures={result.failures} />
                    {result.body !== undefined ? <JsonView value={result.body} /> : null}
                  </div>
                ))
              : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
