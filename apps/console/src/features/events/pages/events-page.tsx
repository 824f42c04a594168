import { X } from 'lucide-react';
import { ApplicationFilterSelect } from '@/components/application-filter-select';
import { CreateLinkButton } from '@/components/create-link-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, StatCard, StatGrid } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterPanel } from '@/components/ui/filter-panel';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { useApplicationOptions } from '@/lib/application-options';
import { messages } from '@/lib/messages';
import { useListState } from '@/lib/use-list-state';
import { useEvents } from '../api/get-events';
import { EventsTable } from '../components/events-table';

const PAGE_SIZE = 10;

/** /events: prefilters from ?applicationId and ?eventId, server-side search, stats over the whole filter. */
export default function EventsPage() {
  const list = useListState({ filters: ['applicationId', 'eventId'], texts: ['search'] });
  const { applicationId, eventId } = list.filters;
  const search = list.texts.search;
  const applications = useApplicationOptions();
  const events = useEvents({ page: list.page, limit: PAGE_SIZE, ...list.filters });
  const stats = events.data?.stats;
  const filteredApplication = applications.data?.find((application) => application.id === applicationId);

  const setApplication = (value: string | undefined) =>
    list.setFilters({ applicationId: value, eventId: undefined });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Eventos"
        description="Eventos das suas aplicações e suas assinaturas."
        actions={
          <CreateLinkButton to={paths.events.new.getHref({ applicationId })}>Novo Evento</CreateLinkButton>
        }
      />

      {applicationId || eventId ? (
        <div
          className="flex items-center justify-between gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
          data-testid="filter-banner"
        >
          <span>
            {applicationId
              ? `Filtrando pela aplicação: ${filteredApplication?.name ?? applicationId}`
              : `Filtrando pelo evento: ${events.data?.data[0]?.name ?? eventId}`}
          </span>
          <Button variant="ghost" size="sm" onClick={list.reset}>
            <X />
            Ver todos
          </Button>
        </div>
      ) : null}

      <StatGrid>
        <StatCard label="Total" value={stats?.total ?? 0} isLoading={events.isPending} />
        <StatCard label="Ativos" value={stats?.active ?? 0} isLoading={events.isPending} />
        <StatCard label="Públicos" value={stats?.public ?? 0} isLoading={events.isPending} />
        <StatCard label="Privados" value={stats?.private ?? 0} isLoading={events.isPending} />
      </StatGrid>

      <Card>
        <CardContent className="grid gap-4">
          <FilterPanel className="flex flex-col gap-3 sm:flex-row" activeCount={list.activeCount}>
            <SearchInput
              className="flex-1"
              placeholder="Buscar por nome ou alias..."
              aria-label="Buscar eventos"
              {...list.textInput('search')}
            />
            <ApplicationFilterSelect className="sm:w-64" value={applicationId} onChange={setApplication} />
          </FilterPanel>
          <LoadedOrError query={events} title="Não foi possível carregar os eventos">
            <EventsTable
              events={events.data?.data}
              isLoading={events.isPending}
              empty={
                <EmptyState
                  title={messages.noEventFound}
                  description={
                    search ? 'Nenhum evento corresponde à busca.' : 'Crie o primeiro evento para começar.'
                  }
                  action={
                    search ? undefined : (
                      <CreateLinkButton to={paths.events.new.getHref({ applicationId })}>
                        Criar Primeiro Evento
                      </CreateLinkButton>
                    )
                  }
                />
              }
            />
          </LoadedOrError>
          <Pager
            page={list.page}
            totalPages={events.data?.pagination.totalPages ?? 1}
            onPageChange={list.setPage}
          />
        </CardContent>
      </Card>
    </div>
  );
}
