import type { DeliveryStatus, EntityStatus, EventLogStatus, QueueType, Visibility } from '@wm/contracts';
import { Badge, type BadgeVariant } from './badge';

/** One colour per state for every badge: green when it works, yellow when it waits or is held, red when it failed. */
export const visibilityVariant = (visibility: string): BadgeVariant =>
  visibility === 'PUBLIC' ? 'success' : 'warning';

export const entityStatusVariant = (status: string): BadgeVariant =>
  (({ ACTIVE: 'success', INACTIVE: 'warning', PAUSED: 'warning', FAILED: 'error' })[
    status
  ] as BadgeVariant) ?? 'default';

/** Detail screens: ACTIVE success, anything else warning. */
export const detailStatusVariant = (status: string): BadgeVariant =>
  status === 'ACTIVE' ? 'success' : 'warning';

export const deliveryStatusVariant = (status: string): BadgeVariant =>
  (({ SUCCESS: 'success', FAILED: 'error', PENDING: 'warning', RETRYING: 'warning', IGNORED: 'default' })[
    status
  ] as BadgeVariant) ?? 'default';

export const eventLogStatusVariant = (status: string): BadgeVariant =>
  (({ SUCCESS: 'success', FAILED: 'error', PENDING: 'warning', PROCESSING: 'warning' })[
    status
  ] as BadgeVariant) ?? 'default';

export const visibilityLabel: Record<Visibility, string> = { PUBLIC: 'Público', PRIVATE: 'Privado' };
export const queueTypeLabel: Record<QueueType, string> = {
  IMMEDIATE: 'Imediata',
  RABBITMQ: 'RabbitMQ',
  STANDARD: 'Standard',
  FIFO: 'FIFO',
};
/** The label of a queue type as the API sends it ('RABBITMQ' → 'RabbitMQ'); an unknown one as is. */
export const formatQueueType = (queueType: string): string =>
  queueTypeLabel[queueType as QueueType] ?? queueType;

/** 'Aplicação' is feminine: its badge agrees with the counters and the form ('Públicas', 'Pública'). */
export const applicationVisibilityLabel: Record<Visibility, string> = {
  PUBLIC: 'Pública',
  PRIVATE: 'Privada',
};

export const entityStatusLabel: Record<EntityStatus, string> = {
  ACTIVE: 'Ativo',
  INACTIVE: 'Inativo',
  PAUSED: 'Pausado',
  FAILED: 'Falhou',
};

export const deliveryStatusLabel: Record<DeliveryStatus, string> = {
  SUCCESS: 'Sucesso',
  FAILED: 'Falhou',
  PENDING: 'Pendente',
  RETRYING: 'Reenviando',
  IGNORED: 'Ignorado',
};

export const eventLogStatusLabel: Record<EventLogStatus, string> = {
  SUCCESS: 'Sucesso',
  FAILED: 'Falhou',
  PENDING: 'Pendente',
  PROCESSING: 'Processando',
};

const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

export function VisibilityBadge({ visibility, label }: { visibility: string; label?: string }) {
  return (
    <Badge variant={visibilityVariant(visibility)}>{label ?? labelOf(visibilityLabel, visibility)}</Badge>
  );
}

export function ApplicationVisibilityBadge({ visibility }: { visibility: string }) {
  return <VisibilityBadge visibility={visibility} label={labelOf(applicationVisibilityLabel, visibility)} />;
}

export function EntityStatusBadge({ status, label }: { status: string; label?: string }) {
  return <Badge variant={entityStatusVariant(status)}>{label ?? labelOf(entityStatusLabel, status)}</Badge>;
}

export function DeliveryStatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge variant={deliveryStatusVariant(status)}>{label ?? labelOf(deliveryStatusLabel, status)}</Badge>
  );
}

export function EventLogStatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge variant={eventLogStatusVariant(status)}>{label ?? labelOf(eventLogStatusLabel, status)}</Badge>
  );
}

/** Ativo / Inativo for boolean flags (users, routes, rules). */
export function ActiveBadge({
  isActive,
  labels = ['Ativo', 'Inativo'],
}: {
  isActive: boolean;
  labels?: [string, string];
}) {
  return <Badge variant={isActive ? 'success' : 'warning'}>{isActive ? labels[0] : labels[1]}</Badge>;
}
