import { shortId, shortOrganizationId } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CopyButton } from './copy-button';

/**
 * An id in its short form with the whole id on hover and a copy action: the one way ids are shown
 * shortened. `kind="organization"` keeps sender-chosen organization ids whole up to 16 characters.
 */
export function ShortId({
  id,
  kind = 'id',
  isCopyable = true,
  className,
}: {
  id: string;
  kind?: 'id' | 'organization';
  isCopyable?: boolean;
  className?: string;
}) {
  const text = kind === 'organization' ? shortOrganizationId(id) : shortId(id);
  return (
    <span
      className={cn('inline-flex items-center gap-0.5 font-mono text-xs', className)}
      data-testid="short-id"
    >
      <span title={id}>{text}</span>
      {isCopyable ? (
        <CopyButton
          value={id}
          label="Copiar ID"
          successDescription="ID copiado para a área de transferência."
          className="size-6 [&_svg]:size-3"
        />
      ) : null}
    </span>
  );
}
