import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './button';

/** A missing record: 'Evento não encontrado', 'Aplicação não encontrada', … with a way back. */
export function NotFoundState({
  title,
  description,
  backHref,
  backLabel = 'Voltar',
  action,
}: {
  title: string;
  description?: ReactNode;
  backHref?: string;
  backLabel?: string;
  action?: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-center justify-center gap-4 py-16 text-center"
      data-testid="not-found"
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-7" />
      </div>
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">{title}</h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {action ??
        (backHref ? (
          <Button asChild variant="outline">
            <Link to={backHref}>{backLabel}</Link>
          </Button>
        ) : null)}
    </div>
  );
}
