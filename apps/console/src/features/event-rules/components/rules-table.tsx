import type { TEventRule } from '@wm/contracts';
import { Eye, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconLinkButton } from '@/components/icon-link-button';
import { ShortId } from '@/components/ui/short-id';
import { type Column, DataTable } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { describeConditions, isWithoutEvent } from '../lib/rule-text';
import { DeleteRuleButton } from './delete-rule-button';
import { RuleStatusSwitch } from './rule-status-switch';
import { WithoutEventBadge } from './without-event-badge';

const columns: Column<TEventRule>[] = [
  {
    header: 'Status',
    cell: (rule) => <RuleStatusSwitch rule={rule} isDisabled={!rule.permissions.canWrite} />,
  },
  {
    header: 'Nome',
    cell: (rule) => (
      <div className="grid max-w-72 gap-0.5">
        <Link to={paths.eventRules.detail.getHref(rule.id)} className="font-medium hover:underline">
          {rule.name}
        </Link>
        {rule.description ? (
          <span className="truncate text-xs text-muted-foreground" title={rule.description}>
            {rule.description}
          </span>
        ) : null}
      </div>
    ),
  },
  {
    header: 'Aplicação',
    cell: (rule) => (
      <span className="grid">
        <span className="text-sm">{rule.application.name}</span>
        <ShortId id={rule.applicationId} className="text-muted-foreground" />
      </span>
    ),
  },
  {
    header: 'Tipo de evento',
    cell: (rule) => (
      <div className="grid gap-1">
        {rule.conditions.type ? <code className="text-xs">{rule.conditions.type}</code> : null}
        {isWithoutEvent(rule) ? <WithoutEventBadge /> : null}
      </div>
    ),
  },
  { header: 'Condições', cell: (rule) => describeConditions(rule.conditions) },
  { header: 'Execuções', cell: (rule) => rule._count.executions },
  { header: 'Criada em', cell: (rule) => formatDateTime(rule.createdAt) },
  {
    header: 'Ações',
    className: 'text-right',
    isActions: true,
    cell: (rule) => (
      <div className="flex justify-end gap-1">
        <IconLinkButton to={paths.eventRules.detail.getHref(rule.id)} label="Ver regra">
          <Eye />
        </IconLinkButton>
        {rule.permissions.canWrite ? (
          <IconLinkButton to={paths.eventRules.edit.getHref(rule.id)} label="Editar regra">
            <Pencil />
          </IconLinkButton>
        ) : null}
        {rule.permissions.canDelete ? <DeleteRuleButton record={rule} /> : null}
      </div>
    ),
  },
];

export function RulesTable({
  rules,
  isLoading,
  empty,
}: {
  rules: TEventRule[] | undefined;
  isLoading: boolean;
  empty: ReactNode;
}) {
  return (
    <DataTable
      columns={columns}
      data={rules}
      isLoading={isLoading}
      getRowKey={(rule) => rule.id}
      empty={empty}
    />
  );
}
