import { Plus } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A button that links to a create page, with the plus icon before its label. */
export function CreateLinkButton({
  to,
  children,
  size,
  variant,
}: Pick<ComponentProps<typeof Button>, 'size' | 'variant'> & { to: string; children: ReactNode }) {
  return (
    <Button size={size} variant={variant} asChild>
      <Link to={to}>
        <Plus />
        {children}
      </Link>
    </Button>
  );
}
