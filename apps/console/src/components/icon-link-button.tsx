import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A table row's icon-only link; `label` is its accessible name and tooltip. */
export function IconLinkButton({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Button variant="ghost" size="icon" asChild>
      <Link to={to} aria-label={label} title={label}>
        {children}
      </Link>
    </Button>
  );
}
