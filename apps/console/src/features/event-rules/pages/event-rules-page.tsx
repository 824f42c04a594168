import { Activity, CheckCircle2, Workflow, XCircle } from 'lucide-react';
import { ApplicationFilterSelect } from '@/components/application-filter-select';
import { CreateLinkButton } from '@/components/create-link-button';
import { Card, CardContent, StatCard, StatGrid } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterPanel } from '@/components/ui/filter-panel';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { READ_ONLY_APPLICATIONS, useCanWriteSomeApplication } from '@/lib/application-options';
import { messages } from '@/lib/messages';
import { allowedFilter, useListState } from '@/lib/use-list-state';
import { type EventRuleFilters, useEventRules } from '../api/get-event-rules';
import { RulesTable } from '../components/rules-table';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Ativas' },
  { value: 'false', label: 'Inativas' },
];

/** /event-rules: counters over the whole filter, filters, the rules table and its pager. */
export default function EventRulesPage() {
  const list = useListState({
    filters: ['applicationId', 'status', 'withoutEvent'],
    texts: ['search', 'eventType'],
  });
  const { applicationId, status } = list.filters;
  const isWithoutEventOnly = list.filters.withoutEvent === 'true';

  const filters: EventRuleFilters = {
    page: list.page,
    search: list.filters.search,
    applicationId,
    isActive: allowedFilter(['true', 'false'], status),
    eventType: list.filters.eventType,
    withoutEvent: isWithoutEventOnly ? 'true' : undefined,
  };
  const query = useEventRules(filters);
  const canCreate = useCanWriteSomeApplication();
  const stats = query.data?.stats;
  const isFiltered = list.isFiltered;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Regras"
        description="Condições sobre os dados recebidos pelas rotas que disparam eventos."
        actions={
          <CreateLinkButton
            to={paths.eventRules.new.getHref()}
            disabledReason={canCreate === false ? READ_ONLY_APPLICATIONS : undefined}
          >
            Nova Regra
          </CreateLinkButton>
        }
      />

      <StatGrid>
        <StatCard
          label="Total"
          value={query.data?.pagination.total ?? 0}
          icon={<Workflow />}
          isLoading={query.isPending}
        />
        <StatCard
          label="Ativas"
          value={stats?.active ?? 0}
          icon={<CheckCircle2 />}
          isLoading={query.isPending}
        />
        <StatCard
          label="Inativas"
          value={stats?.inactive ?? 0}
          icon={<XCircle />}
          isLoading={query.isPending}
        />
        <StatCard
          label="Execuções"
          value={stats?.executions ?? 0}
          icon={<Activity />}
          isLoading={query.isPending}
        />
      </StatGrid>

      <Card>
        <CardContent className="grid gap-4">
          <FilterPanel className="grid gap-4" activeCount={list.activeCount}>
            <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
              <SearchInput
                placeholder="Buscar por nome, descrição ou tipo..."
                aria-label="Buscar regras"
                {...list.textInput('search')}
              />
              <ApplicationFilterSelect
                value={applicationId}
                onChange={(value) => list.setFilters({ applicationId: value })}
              />
              <FilterSelect
                aria-label="Filtrar por status"
                allLabel="Todos os status"
                value={status}
                onChange={(value) => list.setFilters({ status: value })}
                options={STATUS_OPTIONS}
              />
              <Input
                placeholder="Tipo de evento"
                aria-label="Tipo de evento"
                {...list.textInput('eventType')}
              />
            </div>
            <div className="flex items-center gap-2">
              <Checkbox
                id="without-event"
                checked={isWithoutEventOnly}
                onCheckedChange={(checked) =>
                  list.setFilters({ withoutEvent: checked === true ? 'true' : undefined })
                }
              />
              <Label htmlFor="without-event">Apenas regras sem evento vinculado</Label>
            </div>
          </FilterPanel>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <LoadedOrError query={query} title={messages.rulesLoadFailed}>
            <RulesTable
              rules={query.data?.data}
              isLoading={query.isPending}
              empty={
                <EmptyState
                  title="Nenhuma regra encontrada"
                  description={
                    isFiltered
                      ? 'Nenhuma regra corresponde aos filtros.'
                      : 'Crie a primeira regra para começar.'
                  }
                  action={
                    isFiltered ? undefined : (
                      <CreateLinkButton to={paths.eventRules.new.getHref()}>
                        Criar Primeira Regra
                      </CreateLinkButton>
                    )
                  }
                />
              }
            />
          </LoadedOrError>
          <Pager
            page={list.page}
            totalPages={query.data?.pagination.totalPages ?? 1}
            onPageChange={list.setPage}
          />
        </CardContent>
      </Card>
    </div>
  );
}
