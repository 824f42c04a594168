import { DEFAULT_INTEGRATION_LANGUAGE, type IntegrationLanguage, isIntegrationLanguage } from '@wm/contracts';
import { Code2, Route as RouteIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { IntegrationCodePanel } from '@/components/integration-code/integration-code-panel';
import { LanguagePicker } from '@/components/integration-code/language-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { LoadErrorState } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useApplicationOptions } from '@/lib/application-options';
import { messages } from '@/lib/messages';
import { useIntegrationRoutes } from '../api/get-integration-routes';
import { useRouteCode } from '../api/get-route-code';
import { useRoutePayload } from '../api/get-route-payload';
import { PayloadPanel } from '../components/payload-panel';
import { RouteInfoCard } from '../components/route-info-card';
import { RoutePicker } from '../components/route-picker';

/** /integration: application → route → language; the route's generated code and example payload. */
export default function IntegrationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const applicationId = searchParams.get('applicationId') ?? undefined;
  const routeId = searchParams.get('routeId') ?? undefined;
  const languageParam = searchParams.get('language');
  const language: IntegrationLanguage = isIntegrationLanguage(languageParam)
    ? languageParam
    : DEFAULT_INTEGRATION_LANGUAGE;

  const applications = useApplicationOptions();
  const routes = useIntegrationRoutes(applicationId);
  const route = routes.data?.find((item) => item.id === routeId);
  const code = useRouteCode(route?.id, language);
  const payload = useRoutePayload(route?.id);

  const choose = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Integração"
        description="Gere o código e o payload de exemplo para enviar eventos ao motor de regras."
      />

      <Card>
        <CardHeader>
          <CardTitle>Configuração</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-3">
          <div className="grid content-start gap-2">
            <Label htmlFor="integration-application">Aplicação</Label>
            {applications.isError ? (
              <LoadErrorState
                title={messages.applicationsLoadFailed}
                error={applications.error}
                onRetry={() => applications.refetch()}
              />
            ) : (
              <Select
                value={applicationId ?? ''}
                onValueChange={(value) => choose({ applicationId: value, routeId: undefined })}
                disabled={applications.isPending}
              >
                <SelectTrigger id="integration-application" aria-label="Aplicação">
                  <SelectValue placeholder="Selecione uma aplicação" />
                </SelectTrigger>
                <SelectContent>
                  {(applications.data ?? []).map((application) => (
                    <SelectItem key={application.id} value={application.id}>
                      {application.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          <RoutePicker
            key={applicationId ?? 'none'}
            routes={routes.data ?? []}
            value={route?.id}
            onChange={(value) => choose({ routeId: value })}
            isDisabled={!applicationId || routes.isPending}
          />
          <div className="grid content-start gap-2">
            <Label>Linguagem</Label>
            <LanguagePicker
              value={language}
              onChange={(value) => choose({ language: value })}
              className="w-full"
            />
          </div>
        </CardContent>
      </Card>

      <RouteStep applicationId={applicationId} routes={routes} hasRoute={Boolean(route)} />

      {route ? (
        <>
          <RouteInfoCard route={route} />
          <Tabs defaultValue="code">
            <TabsList>
              <TabsTrigger value="code">Código</TabsTrigger>
              <TabsTrigger value="payload">Payload de exemplo</TabsTrigger>
            </TabsList>
            <TabsContent value="code">
              <Card>
                <CardContent>
                  <IntegrationCodePanel
                    query={code}
                    language={language}
                    emptyDescription="Crie um tipo de evento ativo nesta rota para gerar o código."
                  />
                </CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="payload">
              <Card>
                <CardContent>
                  <PayloadPanel query={payload} />
                </CardContent>
              </Card>
            </TabsContent>
          </Tabs>
        </>
      ) : null}
    </div>
  );
}

/** What stands where the code will be until a route is chosen. */
function RouteStep({
  applicationId,
  routes,
  hasRoute,
}: {
  applicationId: string | undefined;
  routes: ReturnType<typeof useIntegrationRoutes>;
  hasRoute: boolean;
}) {
  if (hasRoute) return null;
  if (!applicationId) {
    return (
      <EmptyState
        icon={<Code2 />}
        title="Selecione uma aplicação e uma rota"
        description="O código de integração e o payload de exemplo aparecem aqui."
      />
    );
  }
  if (routes.isPending) return <Skeleton className="h-40 w-full" />;
  if (routes.isError) {
    return (
      <LoadErrorState
        title={messages.routesLoadFailed}
        error={routes.error}
        onRetry={() => routes.refetch()}
      />
    );
  }
  if (routes.data.length === 0) {
    return (
      <EmptyState
        icon={<RouteIcon />}
        title="Nenhuma rota nesta aplicação"
        description="Crie uma rota com tipos de evento e campos para gerar o código de integração."
        action={
          <Button asChild variant="outline">
            <Link to={paths.routes.new.getHref()}>Criar rota</Link>
          </Button>
        }
      />
    );
  }
  return <EmptyState icon={<RouteIcon />} title="Selecione uma rota" />;
}
