import type { TIntegrationRoute } from '@wm/contracts';
import { HttpMethodBadge } from '@/components/http-method-badge';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The chosen route: method, endpoint, status, the event types the code can send and its field count. */
export function RouteInfoCard({ route }: { route: TIntegrationRoute }) {
  return (
    <Card data-testid="route-info">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {route.name}
          <Badge variant={route.isActive ? 'success' : 'default'}>
            {route.isActive ? 'Ativa' : 'Inativa'}
          </Badge>
        </CardTitle>
        {route.description ? <CardDescription>{route.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="grid gap-1">
          <span className="text-muted-foreground">Endpoint</span>
          <span className="flex items-center gap-2">
            <HttpMethodBadge method={route.method} />
            <code className="font-mono">{route.endpoint}</code>
          </span>
        </div>
        <div className="grid gap-1">
          <span className="text-muted-foreground">Tipos de evento ativos</span>
          {route.eventTypes.length === 0 ? (
            <span>Nenhum</span>
          ) : (
            <span className="flex flex-wrap gap-1">
              {route.eventTypes.map((eventType) => (
                <Badge key={eventType.id} variant="outline" className="font-mono" title={eventType.name}>
                  {eventType.alias}
                </Badge>
              ))}
            </span>
          )}
        </div>
        <div className="grid gap-1">
          <span className="text-muted-foreground">Campos ativos</span>
          <span>{route.fields.length}</span>
        </div>
      </CardContent>
    </Card>
  );
}
