import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const STEPS = [
  { title: 'Crie tipos de evento', description: 'Cada tipo tem um alias, como message.text.received.' },
  { title: 'Defina os campos', description: 'Caminhos nos dados recebidos, como data.message.text.' },
  { title: 'Crie regras', description: 'Condições sobre os campos que disparam um evento vinculado.' },
] as const;

/** What to do after saving a route. */
export function NextStepsCard() {
  return (
    <Card data-testid="next-steps">
      <CardHeader>
        <CardTitle>Próximos passos</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <div className="grid gap-0.5">
                <p className="text-sm font-medium">{step.title}</p>
                <p className="text-xs text-muted-foreground">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
