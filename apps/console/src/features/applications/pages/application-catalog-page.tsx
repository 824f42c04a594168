import { Download } from 'lucide-react';
import { useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { JsonView } from '@/components/ui/json-view';
import { LoadErrorState } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCatalog } from '../api/get-catalog';
import { getCatalogOpenApi } from '../api/get-catalog-openapi';

const VALIDATION_LABELS = { OFF: 'Sem validação', WARN: 'Avisa', ENFORCE: 'Exige' } as const;

/** Saves the catalogue's OpenAPI document as a file the consumer feeds to openapi-typescript. */
async function downloadOpenApi(applicationId: string) {
  const document = await getCatalogOpenApi(applicationId);
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }),
  );
  const link = Object.assign(window.document.createElement('a'), {
    href: url,
    download: 'catalogo-openapi.json',
  });
  link.click();
  URL.revokeObjectURL(url);
}

/** "Catálogo": the application's events a consumer may subscribe to, with each payload's schema and examples. */
export default function ApplicationCatalogPage() {
  const { id = '' } = useParams();
  const catalog = useCatalog(id);
  if (catalog.isPending) return <Skeleton className="h-64 w-full" />;
  if (catalog.isError)
    return (
      <LoadErrorState
        title="Erro ao carregar o catálogo"
        error={catalog.error}
        onRetry={() => catalog.refetch()}
      />
    );
  const { application, events } = catalog.data;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={`Catálogo: ${application.name}`}
        description="Eventos desta aplicação e o payload de cada um."
        actions={
          <Button variant="outline" onClick={() => downloadOpenApi(id)}>
            <Download />
            Baixar OpenAPI
          </Button>
        }
      />
      {events.length === 0 ? (
        <EmptyState
          title="Nenhum evento no catálogo"
          description="Esta aplicação não tem eventos que você possa ver."
        />
      ) : (
        events.map((event) => (
          <Card key={event.id} data-testid={`catalog-event-${event.alias}`}>
            <CardHeader>
              <CardTitle className="flex flex-wrap items-center gap-2">
                {event.name}
                <Badge variant="outline" className="font-mono">
                  {event.alias}
                </Badge>
                {event.schemaVersion ? <Badge variant="default">Schema v{event.schemaVersion}</Badge> : null}
                <Badge variant="default">{VALIDATION_LABELS[event.schemaValidation]}</Badge>
              </CardTitle>
              {event.bodyTemplate ? (
                <CardDescription>
                  O corpo entregue é montado pelo template do evento sobre este payload.
                </CardDescription>
              ) : null}
            </CardHeader>
            <CardContent className="grid gap-4 lg:grid-cols-2">
              <div className="grid content-start gap-2">
                <p className="text-sm font-medium">Schema</p>
                <JsonView value={event.schema} emptyText="Sem schema" />
              </div>
              <div className="grid content-start gap-2">
                <p className="text-sm font-medium">Exemplos</p>
                {event.examples.length > 0 ? (
                  event.examples.map((example, index) => <JsonView key={String(index)} value={example} />)
                ) : (
                  <p className="text-sm text-muted-foreground">Sem exemplos</p>
                )}
              </div>
            </CardContent>
          </Card>
        ))
      )}
    </div>
  );
}
