import type { TApplicationDetail } from '@wm/contracts';
import { Link } from 'react-router';
import { CreateLinkButton } from '@/components/create-link-button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { EntityStatusBadge, formatQueueType, VisibilityBadge } from '@/components/ui/status-badges';

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';

export function ApplicationEventsCard({ application }: { application: TApplicationDetail }) {
  const newEventHref = paths.events.new.getHref({ applicationId: application.id });
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Eventos Relacionados</CardTitle>
        {application.permissions.canWrite ? (
          <CreateLinkButton size="sm" variant="outline" to={newEventHref}>
            Novo Evento
          </CreateLinkButton>
        ) : null}
      </CardHeader>
      <CardContent>
        {application.events.length === 0 ? (
          <EmptyState title={messages.noEventFound} description="Esta aplicação ainda não tem eventos." />
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead>Alias</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Visibilidade</TableHead>
                <TableHead>Fila</TableHead>
                <TableHead>Assinaturas</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {application.events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell>
                    <Link to={paths.events.detail.getHref(event.id)} className="font-medium hover:underline">
                      {event.name}
                    </Link>
                  </TableCell>
                  <TableCell className="font-mono text-xs">{event.alias}</TableCell>
                  <TableCell>
                    <EntityStatusBadge status={event.status} />
                  </TableCell>
                  <TableCell>
                    <VisibilityBadge visibility={event.visibility} />
                  </TableCell>
                  <TableCell>
                    <Badge variant="outline">{formatQueueType(event.queueType)}</Badge>
                  </TableCell>
                  <TableCell>
                    <Link
                      to={paths.subscriptions.list.getHref({ eventId: event.id })}
                      className="text-primary hover:underline"
                    >
                      {event._count.subscriptions}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
