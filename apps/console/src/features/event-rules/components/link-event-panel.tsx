import type { TEventRule } from '@wm/contracts';
import { AlertTriangle, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { detailStatusVariant, entityStatusLabel, formatQueueType } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { useLinkEvent } from '../api/link-event';
import { useUnlinkEvent } from '../api/unlink-event';
import { EventPicker } from './event-picker';

/** The event the rule emits when it matches, and the controls to link another one or unlink it. */
export function LinkEventPanel({ rule }: { rule: TEventRule }) {
  const [eventId, setEventId] = useState('');
  const link = useLinkEvent();
  const unlink = useUnlinkEvent();
  const { event } = rule;
  const canWrite = rule.permissions.canWrite;
  return (
    <Card data-testid="linked-event">
      <CardHeader>
        <CardTitle>Evento vinculado</CardTitle>
        <CardDescription>Emitido com os mesmos dados quando a regra corresponde.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {event ? (
          <div className="grid gap-2 rounded-md border p-3">
            <div className="flex items-center justify-between gap-2">
              <Link to={paths.events.detail.getHref(event.id)} className="font-medium hover:underline">
                {event.name}
              </Link>
              <Badge variant={detailStatusVariant(event.status)}>
                {entityStatusLabel[event.status as keyof typeof entityStatusLabel] ?? event.status}
              </Badge>
            </div>
            <code className="text-xs text-muted-foreground">{event.alias}</code>
            <p className="text-xs text-muted-foreground">
              {formatQueueType(event.queueType)} · {event._count.subscriptions} assinatura(s)
            </p>
            {canWrite ? (
              <Button
                variant="outline"
                size="sm"
                className="w-fit"
                disabled={unlink.isPending}
                onClick={() => unlink.mutate(rule.id)}
              >
                <Unlink />
                Desvincular Evento
              </Button>
            ) : null}
          </div>
        ) : (
          <p
            className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
            role="status"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" />
            Nenhum evento vinculado: quando corresponder, a regra registra uma execução com falha.
          </p>
        )}
        {canWrite ? (
          <div className="grid gap-2">
            <Label htmlFor="link-event">{event ? 'Trocar evento' : 'Vincular evento'}</Label>
            <EventPicker
              id="link-event"
              applicationId={rule.applicationId}
              value={eventId}
              onChange={setEventId}
              allowNone={false}
            />
            <Button
              className="w-fit"
              disabled={!eventId || eventId === rule.eventId || link.isPending}
              onClick={() => link.mutate({ ruleId: rule.id, eventId }, { onSuccess: () => setEventId('') })}
            >
              <Link2 />
              Vincular Evento
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
