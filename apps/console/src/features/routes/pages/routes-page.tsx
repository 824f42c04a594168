import { ApplicationFilterSelect } from '@/components/application-filter-select';
import { CreateLinkButton } from '@/components/create-link-button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterPanel } from '@/components/ui/filter-panel';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { READ_ONLY_APPLICATIONS, useCanWriteSomeApplication } from '@/lib/application-options';
import { messages } from '@/lib/messages';
import { useListState } from '@/lib/use-list-state';
import { useRoutes } from '../api/get-routes';
import { RouteCard } from '../components/route-card';

/** /routes: route cards filtered by application and by text in name, endpoint or description. */
export default function RoutesPage() {
  const list = useListState({ filters: ['applicationId'], texts: ['search'] });
  const canCreate = useCanWriteSomeApplication();
  const search = list.texts.search;
  const query = useRoutes(list.filters);
  const routes = query.data ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Rotas"
        description="Endpoints que recebem dados, com seus tipos de evento e campos."
        actions={
          <CreateLinkButton
            to={paths.routes.new.getHref()}
            disabledReason={canCreate === false ? READ_ONLY_APPLICATIONS : undefined}
          >
            Nova Rota
          </CreateLinkButton>
        }
      />
      <Card>
        <CardContent>
          <FilterPanel className="flex flex-col gap-3 sm:flex-row" activeCount={list.activeCount}>
            <SearchInput
              className="flex-1"
              placeholder="Buscar por nome, endpoint ou descrição..."
              aria-label="Buscar rotas"
              {...list.textInput('search')}
            />
            <ApplicationFilterSelect
              className="sm:w-64"
              value={list.filters.applicationId}
              onChange={(value) => list.setFilters({ applicationId: value })}
            />
          </FilterPanel>
        </CardContent>
      </Card>
      <LoadedOrError query={query} title={messages.routesLoadFailed}>
        {query.isPending ? (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 3 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} className="h-56 w-full" />
            ))}
          </div>
        ) : routes.length === 0 ? (
          <Card>
            <EmptyState
              title={messages.noRouteFound}
              description={
                search ? 'Nenhuma rota corresponde à busca.' : 'Crie a primeira rota para começar.'
              }
              action={
                search ? undefined : (
                  <CreateLinkButton to={paths.routes.new.getHref()}>Criar Primeira Rota</CreateLinkButton>
                )
              }
            />
          </Card>
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {routes.map((route) => (
              <RouteCard key={route.id} route={route} />
            ))}
          </div>
        )}
      </LoadedOrError>
    </div>
  );
}
