import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/api-client';
import { messages } from '@/lib/messages';

type EditableRecord = { name: string; permissions: { canWrite: boolean } };

/**
 * The frame of an edit page: a skeleton while the record loads, 'X não encontrado' (or a load
 * error) when it did not, the read-only notice without write permission, else the header and the
 * form `children` renders for the record. The form's `submit` saves through `save`: on success the
 * 'X atualizado' toast and back to the detail; on failure the error toast, the form kept.
 */
export function EditRecordPage<T extends EditableRecord, I>({
  query,
  title,
  notFoundTitle,
  forbiddenDescription,
  listHref,
  detailHref,
  save,
  savedTitle,
  errorTitle,
  errorFallback,
  children,
}: {
  query: { isPending: boolean; data?: T; error: unknown; refetch: () => unknown };
  title: string;
  notFoundTitle: string;
  forbiddenDescription: string;
  listHref: string;
  detailHref: string;
  save: (input: I) => Promise<unknown>;
  savedTitle: string;
  errorTitle: string;
  /** The sentence shown when the error has no message of its own. */
  errorFallback?: string;
  children: (record: T, submit: (input: I) => Promise<void>) => ReactNode;
}) {
  const navigate = useNavigate();
  const submit = async (input: I) => {
    try {
      await save(input);
      toast.success(savedTitle, { description: messages.saved });
      navigate(detailHref);
    } catch (error) {
      toastError(errorTitle, error, errorFallback);
    }
  };
  if (query.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!query.data) return <RecordFallback query={query} title={notFoundTitle} backHref={listHref} />;
  if (!query.data.permissions.canWrite) {
    return <EditForbiddenState description={forbiddenDescription} backHref={detailHref} />;
  }
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={query.data.name} />
      {children(query.data, submit)}
    </div>
  );
}
