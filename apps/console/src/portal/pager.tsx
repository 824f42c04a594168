import type { TPagination } from '@wm/contracts';
import type { Strings } from './strings';

/** Previous and next page of a list, with where the consumer is; nothing when one page holds it all. */
export function Pager({
  pagination,
  onPage,
  label,
  t,
}: {
  pagination: TPagination | null;
  onPage: (page: number) => void;
  /** The list's name, so each list's pager is told apart. */
  label: string;
  t: Strings;
}) {
  if (!pagination || pagination.totalPages <= 1) return null;
  const { page, totalPages } = pagination;
  return (
    <nav className="portal-pager" aria-label={label}>
      <button
        type="button"
        className="portal-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t.previousPage}
      </button>
      <span>{t.pageOf.replace('{page}', String(page)).replace('{total}', String(totalPages))}</span>
      <button
        type="button"
        className="portal-secondary"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t.nextPage}
      </button>
    </nav>
  );
}
