import { formatJson } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Formatted JSON in a scrollable block; strings holding JSON are pretty-printed too. */
export function JsonView({
  value,
  className,
  emptyText = '-',
}: {
  value: unknown;
  className?: string;
  emptyText?: string;
}) {
  const isEmpty = value === undefined || value === null || value === '';
  return (
    <pre
      className={cn(
        'max-h-96 overflow-auto rounded-md border bg-muted/50 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all',
        className,
      )}
      data-testid="json-view"
    >
      {isEmpty ? emptyText : formatJson(value)}
    </pre>
  );
}
