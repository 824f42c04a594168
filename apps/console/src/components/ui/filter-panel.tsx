import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/**
 * A list's filters: on a phone folded behind a 'Filtros' button (with how many are set), so the rows
 * come first; from md up always shown. `className` lays out the filters themselves.
 */
export function FilterPanel({
  className,
  activeCount = 0,
  children,
}: {
  className?: string;
  activeCount?: number;
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="outline"
        className="w-fit md:hidden"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen((current) => !current)}
      >
        <SlidersHorizontal />
        Filtros{activeCount > 0 ? ` (${activeCount})` : ''}
      </Button>
      <div id={id} className={cn(!isOpen && 'max-md:hidden', className)}>
        {children}
      </div>
    </div>
  );
}
