import { cn } from '@/lib/utils';

const METHOD_COLOURS: Record<string, string> = {
  POST: 'bg-blue-500/15 text-blue-700',
  PUT: 'bg-amber-500/20 text-amber-700',
  GET: 'bg-emerald-500/15 text-emerald-700',
  PATCH: 'bg-violet-500/15 text-violet-700',
  DELETE: 'bg-red-500/15 text-red-700',
};

/** HTTP method badge coloured per method (POST, PUT, GET, PATCH, DELETE). */
export function HttpMethodBadge({ method }: { method: string }) {
  return (
    <span
      data-method={method}
      className={cn(
        'inline-flex w-fit items-center rounded-md px-2 py-0.5 font-mono text-xs font-semibold',
        METHOD_COLOURS[method] ?? 'bg-secondary text-secondary-foreground',
      )}
    >
      {method}
    </span>
  );
}
