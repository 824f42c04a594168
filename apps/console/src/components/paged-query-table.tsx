import type { ReactNode } from 'react';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { Pager } from '@/components/ui/pager';
import { type Column, DataTable } from '@/components/ui/table';

/** A list query's answer: one page of rows and how many pages there are. */
type PagedQuery<T> = {
  data: { data: T[]; pagination: { totalPages: number } } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/**
 * One page of a list query as a table, under its pager: the load error (with Tentar novamente) when
 * the query failed with nothing to show, skeleton rows while it loads, `empty` when it has no rows.
 */
export function PagedQueryTable<T>({
  query,
  errorTitle,
  columns,
  getRowKey,
  empty,
  page,
  onPageChange,
}: {
  query: PagedQuery<T>;
  errorTitle: string;
  columns: Column<T>[];
  getRowKey: (row: T) => string;
  empty: ReactNode;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <>
      <LoadedOrError query={query} title={errorTitle}>
        <DataTable
          columns={columns}
          data={query.data?.data}
          isLoading={query.isPending}
          getRowKey={getRowKey}
          empty={empty}
        />
      </LoadedOrError>
      <Pager page={page} totalPages={query.data?.pagination.totalPages ?? 1} onPageChange={onPageChange} />
    </>
  );
}
