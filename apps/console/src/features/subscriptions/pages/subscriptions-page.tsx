import { ENTITY_STATUSES } from '@wm/contracts';
import { CreateLinkButton } from '@/components/create-link-button';
import { Card, CardContent, StatCard, StatGrid } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterPanel } from '@/components/ui/filter-panel';
import { FilterSelect } from '@/components/ui/filter-select';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { entityStatusLabel } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { allowedFilter, useListState } from '@/lib/use-list-state';
import { useEventOptions } from '../api/get-event-options';
import { useSubscriptions } from '../api/get-subscriptions';
import { SubscriptionsTable } from '../components/subscriptions-table';

const PAGE_SIZE = 10;

/** /subscriptions: ?eventId, ?status and ?consumerId prefilter; search runs on the server across pages. */
export default function SubscriptionsPage() {
  const list = useListState({ filters: ['eventId', 'status', 'consumerId'], texts: ['search'] });
  const { eventId, status } = list.filters;
  const search = list.texts.search;
  const events = useEventOptions();
  const subscriptions = useSubscriptions({
    page: list.page,
    limit: PAGE_SIZE,
    ...list.filters,
    status: allowedFilter(ENTITY_STATUSES, status),
  });
  const stats = subscriptions.data?.stats;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Assinaturas"
        description="Para onde e como cada evento é entregue."
        actions={
          <CreateLinkButton to={paths.subscriptions.new.getHref({ eventId })}>
            Nova Assinatura
          </CreateLinkButton>
        }
      />

      <StatGrid>
        <StatCard label="Total" value={stats?.total ?? 0} isLoading={subscriptions.isPending} />
        <StatCard label="Ativas" value={stats?.active ?? 0} isLoading={subscriptions.isPending} />
        <StatCard label="Inativas" value={stats?.inactive ?? 0} isLoading={subscriptions.isPending} />
        <StatCard label="Tentativas" value={stats?.attempts ?? 0} isLoading={subscriptions.isPending} />
      </StatGrid>

      <Card>
        <CardContent className="grid gap-4">
          <FilterPanel className="flex flex-col gap-3 lg:flex-row" activeCount={list.activeCount}>
            <SearchInput
              className="flex-1"
              placeholder="Buscar por nome ou URL..."
              aria-label="Buscar assinaturas"
              {...list.textInput('search')}
            />
            <FilterSelect
              aria-label="Filtrar por evento"
              allLabel="Todos os eventos"
              className="lg:w-64"
              contentClassName="max-h-72"
              value={eventId}
              onChange={(value) => list.setFilters({ eventId: value })}
              options={(events.data ?? []).map((event) => ({
                value: event.id,
                label: `${event.name} (${event.alias})`,
              }))}
            />
            <FilterSelect
              aria-label="Filtrar por status"
              allLabel="Todos os status"
              className="lg:w-44"
              value={status}
              onChange={(value) => list.setFilters({ status: value })}
              options={ENTITY_STATUSES.map((value) => ({ value, label: entityStatusLabel[value] }))}
            />
          </FilterPanel>
          <LoadedOrError query={subscriptions} title="Não foi possível carregar as assinaturas">
            <SubscriptionsTable
              subscriptions={subscriptions.data?.data}
              isLoading={subscriptions.isPending}
              empty={
                <EmptyState
                  title="Nenhuma assinatura encontrada"
                  description={
                    search ? 'Nenhuma assinatura corresponde à busca.' : 'Crie a primeira assinatura.'
                  }
                  action={
                    search ? undefined : (
                      <CreateLinkButton to={paths.subscriptions.new.getHref({ eventId })}>
                        Criar Primeira Assinatura
                      </CreateLinkButton>
                    )
                  }
                />
              }
            />
          </LoadedOrError>
          <Pager
            page={list.page}
            totalPages={subscriptions.data?.pagination.totalPages ?? 1}
            onPageChange={list.setPage}
          />
        </CardContent>
      </Card>
    </div>
  );
}
