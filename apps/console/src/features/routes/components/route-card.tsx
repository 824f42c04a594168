import type { TRoute } from '@wm/contracts';
import { Eye, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { HttpMethodBadge } from '@/components/http-method-badge';
import { IconLinkButton } from '@/components/icon-link-button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { ActiveBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { DeleteRouteButton } from './delete-route-button';

/** One route on /routes: method, endpoint, status, description, application and what hangs off it. */
export function RouteCard({ route }: { route: TRoute }) {
  const counts = [
    ['Tipos de evento', route._count.eventTypes],
    ['Campos', route._count.fields],
    ['Regras', route._count.rules],
  ] as const;
  return (
    <Card data-testid="route-card">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <Link to={paths.routes.detail.getHref(route.id)} className="font-semibold hover:underline">
            {route.name}
          </Link>
          <div className="flex min-w-0 items-center gap-2">
            <HttpMethodBadge method={route.method} />
            <code className="truncate text-xs" title={route.endpoint}>
              {route.endpoint}
            </code>
          </div>
        </div>
        <ActiveBadge isActive={route.isActive} labels={['Ativa', 'Inativa']} />
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="line-clamp-2 text-sm text-muted-foreground">{route.description || 'Sem descrição'}</p>
        <p className="text-sm">
          <span className="text-muted-foreground">Aplicação: </span>
          {route.application.name}
        </p>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {counts.map(([label, value]) => (
            <div key={label} className="rounded-md bg-muted/50 p-2">
              <dd className="text-lg font-bold">{value}</dd>
              <dt className="text-xs text-muted-foreground">{label}</dt>
            </div>
          ))}
        </dl>
        <div className="flex justify-end gap-1">
          <IconLinkButton to={paths.routes.detail.getHref(route.id)} label="Ver rota">
            <Eye />
          </IconLinkButton>
          {route.permissions.canWrite ? (
            <IconLinkButton to={paths.routes.edit.getHref(route.id)} label="Editar rota">
              <Pencil />
            </IconLinkButton>
          ) : null}
          {route.permissions.canDelete ? <DeleteRouteButton record={route} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
