import type { FilterFailure } from '@wm/rules';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/**
 * The test cards' two JSON inputs: the test data and optional headers (parsed by lib/test-data.ts).
 * The event's examples, when it has any, are offered above the data: one click fills it.
 */
export function TestDataFields({
  idPrefix,
  data,
  onDataChange,
  headers,
  onHeadersChange,
  samples = [],
}: {
  idPrefix: string;
  data: string;
  onDataChange: (data: string) => void;
  headers: string;
  onHeadersChange: (headers: string) => void;
  /** Example payloads of the event's schema. */
  samples?: readonly unknown[];
}) {
  return (
    <>
      <SampleButtons samples={samples} onPick={onDataChange} />
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-data`}>Dados de teste (JSON)</Label>
        <Textarea
          id={`${idPrefix}-data`}
          rows={6}
          className="font-mono text-xs"
          value={data}
          onChange={(change) => onDataChange(change.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-headers`}>Headers (JSON, opcional)</Label>
        <Textarea
          id={`${idPrefix}-headers`}
          rows={3}
          className="font-mono text-xs"
          placeholder='{"x-tenant": "acme"}'
          value={headers}
          onChange={(change) => onHeadersChange(change.target.value)}
        />
      </div>
    </>
  );
}

/** Why each failing filter rejected the test data; nothing when all passed. */
export function FilterFailureList({
  failures,
}: {
  failures: readonly Pick<FilterFailure, 'index' | 'reason'>[];
}) {
  if (failures.length === 0) return null;
  return (
    <ul className="list-disc pl-5 text-xs text-destructive">
      {failures.map((failure) => (
        <li key={failure.index}>{failure.reason}</li>
      ))}
    </ul>
  );
}

/** One button per example payload; a click writes it, formatted, into the test data. */
export function SampleButtons({
  samples,
  onPick,
}: {
  samples: readonly unknown[];
  onPick: (json: string) => void;
}) {
  if (samples.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="sample-payloads">
      <span className="text-sm text-muted-foreground">Exemplos do schema:</span>
      {samples.map((sample, index) => (
        <Button
          // Examples are fixed for the page's life: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onPick(JSON.stringify(sample, null, 2))}
        >
          {`Usar exemplo ${index + 1}`}
        </Button>
      ))}
    </div>
  );
}
