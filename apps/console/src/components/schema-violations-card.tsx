import type { TSchemaViolation } from '@wm/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type Props = {
  violations: TSchemaViolation[];
  version: number | null;
  /** Why the payload went on (WARN) or was refused (ENFORCE). */
  note: string;
};

/** "Payload fora do schema": where a payload broke its event's schema, path by path. */
export function SchemaViolationsCard({ violations, version, note }: Props) {
  if (violations.length === 0) return null;
  return (
    <Card className="border-amber-500/50" data-testid="schema-violations">
      <CardHeader>
        <CardTitle>Payload fora do schema</CardTitle>
        <p className="text-sm text-muted-foreground">
          {note}
          {version === null ? '' : ` Verificado contra o schema versão ${version}.`}
        </p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-1 text-sm">
          {violations.map((violation) => (
            <li key={`${violation.path}-${violation.message}`}>
              <span className="font-mono text-xs">{violation.path || '/'}</span>: {violation.message}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
