import { cn } from '@/lib/utils';

const rangeClass = (code: number) =>
  code >= 500
    ? 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200'
    : code >= 400
      ? 'bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-200'
      : code >= 300
        ? 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200'
        : 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200';

/** The HTTP code coloured by range (2xx, 3xx, 4xx, 5xx), or '-' when there is none. */
export function HttpStatusBadge({ code }: { code: number | null | undefined }) {
  if (code === null || code === undefined) return <span className="text-muted-foreground">-</span>;
  return (
    <span
      data-testid="http-status"
      className={cn('inline-flex rounded-md px-2 py-0.5 font-mono text-xs font-semibold', rangeClass(code))}
    >
      {code}
    </span>
  );
}
