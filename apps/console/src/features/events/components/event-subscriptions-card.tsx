import type { TEventDetail } from '@wm/contracts';
import { Link } from 'react-router';
import { CreateLinkButton } from '@/components/create-link-button';
import { HttpMethodBadge } from '@/components/http-method-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EntityStatusBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';

/** The event's subscriptions, each a link to its detail, and a link to create one. */
export function EventSubscriptionsCard({ event }: { event: TEventDetail }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Assinaturas</CardTitle>
          <CardDescription>{event._count.subscriptions} assinatura(s) deste evento</CardDescription>
        </div>
        <CreateLinkButton size="sm" to={paths.subscriptions.new.getHref({ eventId: event.id })}>
          Nova Assinatura
        </CreateLinkButton>
      </CardHeader>
      <CardContent className="grid gap-2">
        {event.subscriptions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma assinatura para este evento.</p>
        ) : (
          event.subscriptions.map((subscription) => (
            <Link
              key={subscription.id}
              to={paths.subscriptions.detail.getHref(subscription.id)}
              className="flex items-center justify-between gap-3 rounded-md border p-3 hover:bg-muted/50"
            >
              <div className="grid min-w-0">
                <span className="text-sm font-medium">{subscription.name}</span>
                <span className="truncate font-mono text-xs text-muted-foreground">
                  {subscription.targetUrl}
                </span>
              </div>
              <div className="flex items-center gap-2">
                <HttpMethodBadge method={subscription.httpMethod} />
                <EntityStatusBadge status={subscription.status} />
              </div>
            </Link>
          ))
        )}
      </CardContent>
    </Card>
  );
}
