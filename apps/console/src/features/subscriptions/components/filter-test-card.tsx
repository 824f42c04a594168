import type { TFilter } from '@wm/contracts';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { type FilterTestOutcome, testSubscriptionFilters } from '../lib/test-filters';

const KIND_VARIANT = {
  'invalid-data': 'error',
  'no-filters': 'default',
  match: 'success',
  filtered: 'warning',
} as const;

/** Evaluates the subscription's filters against typed JSON (spec §5 rules, via @wm/rules); nothing is sent. */
export function FilterTestCard({ filters }: { filters: TFilter[] }) {
  const [data, setData] = useState('{\n  \n}');
  const [headers, setHeaders] = useState('');
  const [outcome, setOutcome] = useState<FilterTestOutcome | null>(null);
  return (
    <Card data-testid="filter-test">
      <CardHeader>
        <CardTitle>Teste de Filtros</CardTitle>
        <CardDescription>Verifique se um evento com estes dados passaria pelos filtros.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor="filter-test-data">Dados de teste (JSON)</Label>
          <Textarea
            id="filter-test-data"
            rows={6}
            className="font-mono text-xs"
            value={data}
            onChange={(change) => setData(change.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-test-headers">Headers (JSON, opcional)</Label>
          <Textarea
            id="filter-test-headers"
            rows={3}
            className="font-mono text-xs"
            placeholder='{"x-tenant": "acme"}'
            value={headers}
            onChange={(change) => setHeaders(change.target.value)}
          />
        </div>
        <Button onClick={() => setOutcome(testSubscriptionFilters(filters, data, headers))}>
          <FlaskConical />
          Testar Filtros
        </Button>
        {outcome ? (
          <div className="grid gap-2 rounded-md border p-3" data-testid="filter-test-result">
            <Badge variant={KIND_VARIANT[outcome.kind]}>{outcome.title}</Badge>
            <p className="text-sm">{outcome.description}</p>
            {outcome.failures.length > 0 ? (
              <ul className="list-disc pl-5 text-xs text-destructive">
                {outcome.failures.map((failure) => (
                  <li key={failure.index}>{failure.reason}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
