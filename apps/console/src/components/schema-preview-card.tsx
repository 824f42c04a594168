import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { JsonView } from '@/components/ui/json-view';

type Props = {
  schema: Record<string, unknown> | null;
  version: number | null;
  title?: string;
};

/** A schema shown read-only, folded until opened: what the payloads of an event look like. */
export function SchemaPreviewCard({ schema, version, title = 'Schema do evento' }: Props) {
  if (!schema) return null;
  return (
    <Card data-testid="schema-preview">
      <CardHeader>
        <CardTitle>{version === null ? title : `${title} (versão ${version})`}</CardTitle>
      </CardHeader>
      <CardContent>
        <details>
          <summary className="cursor-pointer text-sm text-muted-foreground">
            Ver o JSON Schema do payload (somente leitura)
          </summary>
          <div className="mt-2">
            <JsonView value={schema} />
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
