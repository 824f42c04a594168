import type { TRouteDetail } from '@wm/contracts';
import { renderIngestCurl } from '@wm/rules';
import { CodeBlock } from '@/components/integration-code/code-block';
import { CopyCodeButton } from '@/components/integration-code/copy-code-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** A placeholder alias while the route has no active event type (the request is then kept, ignored). */
const NO_EVENT_TYPE = 'tipo.do.evento';

/** A curl command that passes the route's verification, its secret read from the environment. */
export function IngestSampleCard({ route }: { route: TRouteDetail }) {
  const alias = route.eventTypes.find((eventType) => eventType.isActive)?.alias;
  const code = route.verification
    ? renderIngestCurl({
        ingestUrl: route.ingestUrl,
        method: route.method,
        verification: route.verification,
        eventTypeFrom: route.eventTypeFrom,
        alias: alias ?? NO_EVENT_TYPE,
        fields: route.fields.filter((field) => field.isActive),
      })
    : '';
  return (
    <Card data-testid="ingest-sample">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Exemplo com curl</CardTitle>
          <CardDescription>
            Envia uma requisição que passa na verificação da rota. O segredo vem de uma variável de ambiente,
            nunca do código.
            {alias ? null : ' Crie um tipo de evento ativo para que ela seja aceita e dispare as regras.'}
          </CardDescription>
        </div>
        {code ? <CopyCodeButton text={code} /> : null}
      </CardHeader>
      <CardContent>
        {code ? (
          <CodeBlock code={code} language="curl" />
        ) : (
          <EmptyState
            title="Verificação não configurada"
            description="A rota recusa toda requisição até que uma verificação seja escolhida."
          />
        )}
      </CardContent>
    </Card>
  );
}
