import { cn } from '@/lib/utils';

/** A URL cut to the width it is given, the whole URL on hover: long targets never widen a table. */
export function UrlText({ url, className }: { url: string; className?: string }) {
  return (
    <span className={cn('block max-w-64 truncate font-mono text-xs', className)} title={url}>
      {url}
    </span>
  );
}
