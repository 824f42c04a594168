import { Button } from '@/components/ui/button';

/** Schema paths offered as placeholders at most: the rest are typed. */
const MAX_SCHEMA_PLACEHOLDERS = 20;

/** The event schema's data paths as `{{payload.…}}` buttons that put the placeholder into a template. */
export function SchemaPathPlaceholders({
  paths,
  onInsert,
}: {
  paths: readonly string[];
  onInsert: (placeholder: string) => void;
}) {
  if (paths.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="schema-placeholders">
      <span className="text-sm text-muted-foreground">Campos do schema:</span>
      {paths.slice(0, MAX_SCHEMA_PLACEHOLDERS).map((path) => (
        <Button key={path} variant="outline" size="sm" onClick={() => onInsert(`{{payload.${path}}}`)}>
          <code>{`{{payload.${path}}}`}</code>
        </Button>
      ))}
    </div>
  );
}
