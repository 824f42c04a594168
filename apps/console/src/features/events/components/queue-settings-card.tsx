import { EVENT_QUEUE_DEFAULTS, type TEventDetail } from '@wm/contracts';
import { DetailField } from '@/components/detail-page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QUEUE_TYPE_LABELS } from './event-labels';

/**
 * RabbitMQ events show every queue setting; an immediate event only the one it uses, the number of
 * automatic retries.
 */
export function QueueSettingsCard({ event }: { event: TEventDetail }) {
  const maxRetries = event.maxRetries ?? EVENT_QUEUE_DEFAULTS.maxRetries;
  if (event.queueType !== 'RABBITMQ') {
    return (
      <Card data-testid="queue-settings">
        <CardHeader>
          <CardTitle>Reenvios automáticos</CardTitle>
          <CardDescription>
            {QUEUE_TYPE_LABELS[event.queueType]}: cada entrega que falha é reenviada até este limite.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-4">
            <DetailField label="Máximo de tentativas">{maxRetries}</DetailField>
          </dl>
        </CardContent>
      </Card>
    );
  }
  const delay = event.delayBetweenSends ?? EVENT_QUEUE_DEFAULTS.delayBetweenSends;
  const ttlMinutes = Math.round((event.messageTtl ?? EVENT_QUEUE_DEFAULTS.messageTtl) / 60_000);
  return (
    <Card data-testid="queue-settings">
      <CardHeader>
        <CardTitle>Configurações da Fila</CardTitle>
        <CardDescription>{QUEUE_TYPE_LABELS[event.queueType]}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4">
          <DetailField label="Intervalo entre envios">{delay} ms</DetailField>
          <DetailField label="TTL da mensagem">{ttlMinutes} min</DetailField>
          <DetailField label="Máximo de tentativas">{maxRetries}</DetailField>
          <DetailField label="Prioridade">{event.priority ?? EVENT_QUEUE_DEFAULTS.priority}</DetailField>
        </dl>
      </CardContent>
    </Card>
  );
}
