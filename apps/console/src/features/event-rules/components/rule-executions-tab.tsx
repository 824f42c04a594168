import type { TRuleExecution } from '@wm/contracts';
import { Activity, CheckCircle2, Timer, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedQueryTable } from '@/components/paged-query-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, StatCard, StatGrid } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { Column } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatDateTimeSeconds } from '@/lib/format';
import { useRuleExecutions } from '../api/get-rule-executions';
import { summariseExecutions } from '../lib/execution-stats';

const columns: Column<TRuleExecution>[] = [
  {
    header: 'Status',
    cell: (execution) => (
      <Badge variant={execution.success ? 'success' : 'error'}>
        {execution.success ? 'Sucesso' : 'Falhou'}
      </Badge>
    ),
  },
  { header: 'Data', cell: (execution) => formatDateTimeSeconds(execution.executedAt) },
  { header: 'Tempo de execução', cell: (execution) => `${execution.executionTimeMs} ms` },
  { header: 'Ações', cell: (execution) => execution.executedActions.length },
  {
    header: 'Registros',
    cell: (execution) => <ExecutionLinks execution={execution} />,
  },
  {
    header: 'Erro',
    cell: (execution) =>
      execution.errorMessage ? (
        <span className="text-xs text-destructive">{execution.errorMessage}</span>
      ) : (
        <span className="text-muted-foreground">-</span>
      ),
  },
];

/** Where an execution can be followed: the event log it ran for, and the deliveries of each event it emitted. */
function ExecutionLinks({ execution }: { execution: TRuleExecution }) {
  const emitted = execution.executedActions.filter((action) => action.occurrenceId !== null);
  return (
    <div className="grid gap-1 text-sm">
      {execution.eventLogId ? (
        <Link
          className="text-primary hover:underline"
          to={paths.eventLogs.detail.getHref(execution.eventLogId)}
        >
          Log de evento
        </Link>
      ) : null}
      {emitted.map((action) => (
        <Link
          key={action.occurrenceId}
          className="text-primary hover:underline"
          to={paths.logs.list.getHref({ occurrenceId: action.occurrenceId ?? undefined })}
        >
          Entregas de {action.eventName ?? action.eventAlias ?? 'evento emitido'}
        </Link>
      ))}
    </div>
  );
}

/** The rule's executions, 20 a page, with counters over the page on screen. */
export function RuleExecutionsTab({ ruleId }: { ruleId: string }) {
  const [page, setPage] = useState(1);
  const query = useRuleExecutions(ruleId, page);
  const stats = summariseExecutions(query.data?.data ?? []);
  return (
    <div className="grid gap-4" data-testid="rule-executions">
      <StatGrid>
        <StatCard label="Total" value={stats.total} icon={<Activity />} isLoading={query.isPending} />
        <StatCard
          label="Sucessos"
          value={stats.successes}
          icon={<CheckCircle2 />}
          isLoading={query.isPending}
        />
        <StatCard label="Falhas" value={stats.failures} icon={<XCircle />} isLoading={query.isPending} />
        <StatCard
          label="Tempo médio"
          value={`${stats.averageMs} ms`}
          icon={<Timer />}
          isLoading={query.isPending}
        />
      </StatGrid>
      <Card>
        <CardContent>
          <PagedQueryTable
            query={query}
            errorTitle="Não foi possível carregar as execuções"
            columns={columns}
            getRowKey={(execution) => execution.id}
            empty={
              <EmptyState
                title="Nenhuma execução"
                description="A regra ainda não correspondeu a nenhum dado recebido."
              />
            }
            page={page}
            onPageChange={setPage}
          />
        </CardContent>
      </Card>
    </div>
  );
}
