import type { TEventRule } from '@wm/contracts';
import { Link } from 'react-router';
import { DetailField, DetailListCard } from '@/components/detail-page';
import { ShortId } from '@/components/ui/short-id';
import { ActiveBadge } from '@/components/ui/status-badges';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { isWithoutEvent } from '../lib/rule-text';
import { WithoutEventBadge } from './without-event-badge';

/** The rule's information card on the Visão Geral tab. */
export function RuleInfoCard({ rule }: { rule: TEventRule }) {
  return (
    <DetailListCard title="Informações">
      <DetailField label="Nome">{rule.name}</DetailField>
      <DetailField label="ID">
        <ShortId id={rule.id} />
      </DetailField>
      <DetailField label="Status">
        <ActiveBadge isActive={rule.isActive} labels={['Ativa', 'Inativa']} />
      </DetailField>
      <DetailField label="Aplicação">
        <Link to={paths.applications.detail.getHref(rule.applicationId)} className="hover:underline">
          {rule.application.name}
        </Link>
      </DetailField>
      <DetailField label="Rota">
        <Link to={paths.routes.detail.getHref(rule.routeId)} className="hover:underline">
          {rule.route.name}
        </Link>
      </DetailField>
      <DetailField label="Tipo de evento">
        {rule.routeEventType ? (
          <Link
            to={paths.routes.eventType.getHref(rule.routeId, rule.routeEventType.id)}
            className="hover:underline"
          >
            {rule.routeEventType.name} <code className="text-xs">({rule.routeEventType.alias})</code>
          </Link>
        ) : (
          <span className="flex flex-wrap items-center gap-2">
            {rule.conditions.type ? <code className="text-xs">{rule.conditions.type}</code> : '-'}
            {isWithoutEvent(rule) ? <WithoutEventBadge /> : null}
          </span>
        )}
      </DetailField>
      <DetailField label="Descrição">{rule.description || 'Sem descrição'}</DetailField>
      <DetailField label="Execuções">{rule._count.executions}</DetailField>
      <DetailField label="Criada em">{formatDateTime(rule.createdAt)}</DetailField>
      <DetailField label="Atualizada em">{formatDateTime(rule.updatedAt)}</DetailField>
    </DetailListCard>
  );
}
