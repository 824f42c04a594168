import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const HELP = [
  {
    title: 'Alias',
    text: 'Identifica o evento ao emitir pela API (campo eventType). Use algo como order.created.',
  },
  {
    title: 'Tipos de fila',
    text: 'Imediata entrega a cada emissão. RabbitMQ enfileira com prioridade, TTL e intervalo entre envios.',
  },
  {
    title: 'Callbacks',
    text: 'Quando todas as entregas de uma emissão terminam, um relatório é enviado à URL de callback.',
  },
  {
    title: 'Template do body',
    text: 'Monte o payload com {{payload.campo}}, #eventId#, #eventName#, #timestamp# e #data#.',
  },
];

/** The side help of the create form. */
export function EventHelpCards() {
  return (
    <aside className="grid content-start gap-4">
      {HELP.map((item) => (
        <Card key={item.title} className="gap-2">
          <CardHeader>
            <CardTitle className="text-sm">{item.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">{item.text}</p>
          </CardContent>
        </Card>
      ))}
    </aside>
  );
}
