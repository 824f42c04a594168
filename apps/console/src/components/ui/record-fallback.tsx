import type { ReactNode } from 'react';
import { isClientError } from '@/lib/api-client';
import { LoadErrorState } from './load-error-state';
import { NotFoundState } from './not-found-state';

/**
 * What a detail or edit page shows when its record did not load: 'X não encontrado' when the server
 * said so (404, or 400 for an id that cannot exist), and a load error with 'Tentar novamente' when
 * the server or the network failed, which says nothing of whether the record exists.
 */
export function RecordFallback({
  query,
  title,
  description,
  backHref,
  backLabel,
}: {
  query: { error: unknown; refetch: () => unknown };
  title: string;
  description?: ReactNode;
  backHref: string;
  backLabel?: string;
}) {
  if (query.error && !isClientError(query.error)) {
    return (
      <LoadErrorState
        title="Não foi possível carregar os dados"
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }
  return <NotFoundState title={title} description={description} backHref={backHref} backLabel={backLabel} />;
}
