import { Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * A button that links to a create page, with the plus icon before its label; with `disabledReason`,
 * a disabled button that says why (on hover and below it).
 */
export function CreateLinkButton({
  to,
  children,
  size,
  variant,
  disabledReason,
}: Pick<ComponentProps<typeof Button>, 'size' | 'variant'> & {
  to: string;
  children: ReactNode;
  disabledReason?: string;
}) {
  if (disabledReason) {
    return (
      <span className="grid max-w-xs justify-items-end gap-1">
        <Button size={size} variant={variant} disabled title={disabledReason}>
          <Plus />
          {children}
        </Button>
        <span className="text-right text-xs text-muted-foreground">{disabledReason}</span>
      </span>
    );
  }
  return (
    <Button size={size} variant={variant} asChild>
      <Link to={to}>
        <Plus />
        {children}
      </Link>
    </Button>
  );
}
