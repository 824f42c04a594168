import { Activity, CheckCircle2, Plus, Search, Workflow, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, StatCard } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadedOrError } from '@/components/ui/load-error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { paths } from '@/config/paths';
import { useApplicationOptions } from '@/lib/application-options';
import { messages } from '@/lib/messages';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type EventRuleFilters, useEventRules } from '../api/get-event-rules';
import { RulesTable } from '../components/rules-table';

const STATUS_OPTIONS = [
  { value: 'true', label: 'Ativas' },
  { value: 'false', label: 'Inativas' },
];

/** /event-rules: counters over the whole filter, filters, the rules table and its pager. */
export default function EventRulesPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [eventType, setEventType] = useState('');
  const [applicationId, setApplicationId] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [isWithoutEventOnly, setIsWithoutEventOnly] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim());
  const debouncedEventType = useDebouncedValue(eventType.trim());
  const applications = useApplicationOptions();

  const filters: EventRuleFilters = {
    page,
    search: debouncedSearch || undefined,
    applicationId,
    isActive: status === undefined ? undefined : status === 'true',
    eventType: debouncedEventType || undefined,
    withoutEvent: isWithoutEventOnly || undefined,
  };
  const query = useEventRules(filters);
  const stats = query.data?.stats;
  const isFiltered = Boolean(search || eventType || applicationId || status || isWithoutEventOnly);
  /** Any filter change starts again from the first page. */
  const filterBy =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Regras"
        description="Condições sobre os dados recebidos pelas rotas que disparam eventos."
        actions={
          <Button asChild>
            <Link to={paths.eventRules.new.getHref()}>
              <Plus />
              Nova Regra
            </Link>
          </Button>
        }
      />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
      </div>

      <Card>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
            <div className="relative">
              <Search className="absolute top-2.5 left-3 size-4 text-muted-foreground" />
              <Input
                className="pl-9"
                placeholder="Buscar por nome, descrição ou tipo..."
                aria-label="Buscar regras"
                value={search}
                onChange={(event) => filterBy(setSearch)(event.target.value)}
              />
            </div>
            <FilterSelect
              aria-label="Filtrar por aplicação"
              allLabel="Todas as aplicações"
              value={applicationId}
              onChange={filterBy(setApplicationId)}
              options={(applications.data ?? []).map((application) => ({
                value: application.id,
                label: application.name,
              }))}
            />
            <FilterSelect
              aria-label="Filtrar por status"
              allLabel="Todos os status"
              value={status}
              onChange={filterBy(setStatus)}
              options={STATUS_OPTIONS}
            />
            <Input
              placeholder="Tipo de evento"
              aria-label="Tipo de evento"
              value={eventType}
              onChange={(event) => filterBy(setEventType)(event.target.value)}
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="without-event"
              checked={isWithoutEventOnly}
              onCheckedChange={(checked) => filterBy(setIsWithoutEventOnly)(checked === true)}
            />
            <Label htmlFor="without-event">Apenas regras sem evento vinculado</Label>
          </div>
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
                      <Button asChild>
                        <Link to={paths.eventRules.new.getHref()}>
                          <Plus />
                          Criar Primeira Regra
                        </Link>
                      </Button>
                    )
                  }
                />
              }
            />
          </LoadedOrError>
          <Pager page={page} totalPages={query.data?.pagination.totalPages ?? 1} onPageChange={setPage} />
        </CardContent>
      </Card>
    </div>
  );
}
