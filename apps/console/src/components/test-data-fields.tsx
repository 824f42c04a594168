import type { FilterFailure } from '@wm/rules';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** The test cards' two JSON inputs: the test data and optional headers (parsed by lib/test-data.ts). */
export function TestDataFields({
  idPrefix,
  data,
  onDataChange,
  headers,
  onHeadersChange,
}: {
  idPrefix: string;
  data: string;
  onDataChange: (data: string) => void;
  headers: string;
  onHeadersChange: (headers: string) => void;
}) {
  return (
    <>
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
