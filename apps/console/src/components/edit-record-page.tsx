import type { ReactNode } from 'react';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';

type EditableRecord = { name: string; permissions: { canWrite: boolean } };

/**
 * The frame of an edit page: a skeleton while the record loads, 'X não encontrado' (or a load
 * error) when it did not, the read-only notice without write permission, else the header and the
 * form `children` renders for the record.
 */
export function EditRecordPage<T extends EditableRecord>({
  query,
  title,
  notFoundTitle,
  forbiddenDescription,
  listHref,
  detailHref,
  children,
}: {
  query: { isPending: boolean; data?: T; error: unknown; refetch: () => unknown };
  title: string;
  notFoundTitle: string;
  forbiddenDescription: string;
  listHref: string;
  detailHref: string;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!query.data) return <RecordFallback query={query} title={notFoundTitle} backHref={listHref} />;
  if (!query.data.permissions.canWrite) {
    return <EditForbiddenState description={forbiddenDescription} backHref={detailHref} />;
  }
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={query.data.name} />
      {children(query.data)}
    </div>
  );
}
