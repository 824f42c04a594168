import { RotateCcw, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** A list that failed to load says so (never an empty list) and offers to load it again. */
export function LoadErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={<ShieldAlert />}
      title={title}
      description={errorMessage(error)}
      action={
        <Button variant="outline" onClick={onRetry}>
          <RotateCcw />
          Tentar novamente
        </Button>
      }
    />
  );
}

type LoadedQuery = { isError: boolean; data: unknown; error: unknown; refetch: () => unknown };

/** `children` (the list, with its own loading and empty states), or LoadErrorState when `query` failed with nothing to show. */
export function LoadedOrError({
  query,
  title,
  children,
}: {
  query: LoadedQuery;
  title: string;
  children: ReactNode;
}) {
  if (query.isError && query.data === undefined) {
    return <LoadErrorState title={title} error={query.error} onRetry={() => query.refetch()} />;
  }
  return children;
}
