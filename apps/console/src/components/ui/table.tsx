import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Skeleton } from './skeleton';

/*
 * Below the md breakpoint a table reads as a stack of cards: the header row hides, each row is a
 * bordered card and each cell a block labelled by its `data-label` (the column's header). From md up
 * a pinned cell (the actions) stays at the right edge while the rest of the row scrolls under it, so
 * no action is ever out of reach.
 */

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative w-full overflow-x-auto">
      <table className={cn('w-full caption-bottom text-sm max-md:block', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('max-md:hidden [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody className={cn('max-md:grid max-md:gap-3 md:[&_tr:last-child]:border-0', className)} {...props} />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'group border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
        'max-md:flex max-md:flex-wrap max-md:items-start max-md:gap-x-4 max-md:gap-y-2 max-md:rounded-lg max-md:border max-md:p-3',
        className,
      )}
      {...props}
    />
  );
}

const PINNED = 'md:sticky md:right-0 md:z-[1] md:bg-card md:shadow-[inset_1px_0_0_var(--color-border)]';

export function TableHead({ className, isPinned, ...props }: ComponentProps<'th'> & { isPinned?: boolean }) {
  return (
    <th
      className={cn(
        'h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-muted-foreground',
        isPinned && PINNED,
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({
  className,
  isPinned,
  label,
  ...props
}: ComponentProps<'td'> & { isPinned?: boolean; label?: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        'px-3 py-2.5 align-middle',
        'max-md:block max-md:min-w-0 max-md:max-w-full max-md:p-0',
        'max-md:data-[label]:before:block max-md:data-[label]:before:text-xs max-md:data-[label]:before:text-muted-foreground max-md:data-[label]:before:content-[attr(data-label)]',
        isPinned &&
          `${PINNED} md:group-hover:bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))] max-md:w-full max-md:border-t max-md:pt-2`,
        className,
      )}
      {...props}
    />
  );
}

/** The loading state of every table: 5 rows of placeholders. */
export function TableSkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <TableRow key={row} data-testid="skeleton-row">
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <TableCell key={column}>
          <Skeleton className="h-4 w-full max-w-40" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

export type Column<T> = {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The row's actions: pinned to the right edge on wide screens, the card's footer on small ones. */
  isActions?: boolean;
};

/** A table from column definitions with the kit's loading rows and an empty state. */
export function DataTable<T>({
  columns,
  data,
  isLoading,
  getRowKey,
  empty,
}: {
  columns: Column<T>[];
  data: T[] | undefined;
  isLoading?: boolean;
  getRowKey: (row: T) => string;
  empty?: ReactNode;
}) {
  const isEmpty = !isLoading && (data?.length ?? 0) === 0;
  if (isEmpty && empty) return empty;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are static
            <TableHead key={index} className={column.className} isPinned={column.isActions}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {isLoading ? (
          <TableSkeletonRows columns={columns.length} />
        ) : (
          data?.map((row) => (
            <TableRow key={getRowKey(row)}>
              {columns.map((column, index) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are static
                  key={index}
                  className={column.className}
                  isPinned={column.isActions}
                  label={typeof column.header === 'string' && !column.isActions ? column.header : undefined}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
