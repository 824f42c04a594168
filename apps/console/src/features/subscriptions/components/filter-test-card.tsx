import type { TFilter } from '@wm/contracts';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { FilterFailureList, TestDataFields } from '@/components/test-data-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type FilterTestOutcome, testSubscriptionFilters } from '../lib/test-filters';

const KIND_VARIANT = {
  'invalid-data': 'error',
  'no-filters': 'default',
  match: 'success',
  filtered: 'warning',
} as const;

/** Evaluates the subscription's filters against typed JSON with the server's own matching rules (@wm/rules); nothing is sent. */
export function FilterTestCard({
  filters,
  samples = [],
}: {
  filters: TFilter[];
  /** The event's example payloads, offered as test data. */
  samples?: readonly unknown[];
}) {
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
        <TestDataFields
          idPrefix="filter-test"
          data={data}
          onDataChange={setData}
          headers={headers}
          onHeadersChange={setHeaders}
          samples={samples}
        />
        <Button onClick={() => setOutcome(testSubscriptionFilters(filters, data, headers))}>
          <FlaskConical />
          Testar Filtros
        </Button>
        {outcome ? (
          <div className="grid gap-2 rounded-md border p-3" data-testid="filter-test-result">
            <Badge variant={KIND_VARIANT[outcome.kind]}>{outcome.title}</Badge>
            <p className="text-sm">{outcome.description}</p>
            <FilterFailureList failures={outcome.failures} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
