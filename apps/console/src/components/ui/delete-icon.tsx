import { Trash2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * The one delete icon: a red trash can on icon buttons and menus; on a filled destructive button
 * it takes the button's text colour (`onDestructive`).
 */
export function DeleteIcon({
  onDestructive = false,
  className,
}: {
  onDestructive?: boolean;
  className?: string;
}) {
  return (
    <Trash2
      aria-hidden
      data-icon="delete"
      className={cn(onDestructive ? 'text-destructive-foreground' : 'text-destructive', className)}
    />
  );
}
