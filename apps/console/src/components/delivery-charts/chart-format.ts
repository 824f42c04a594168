import type { TDeliveryStatsPoint } from '@wm/contracts';
import { format, parseISO } from 'date-fns';

/** The statuses a traffic chart stacks, bottom up, with their colours. */
export const STACKED_STATUSES = [
  { key: 'SUCCESS', label: 'Sucesso', color: 'var(--color-success)' },
  { key: 'RETRYING', label: 'Reenviando', color: 'var(--color-warning)' },
  { key: 'FAILED', label: 'Falhou', color: 'var(--color-destructive)' },
  { key: 'PENDING', label: 'Pendente', color: 'var(--color-primary)' },
  { key: 'IGNORED', label: 'Ignorado', color: 'var(--color-muted-foreground)' },
] as const;

export type StatusKey = (typeof STACKED_STATUSES)[number]['key'];

/** A bucket's start as the axis shows it, in the browser's time zone. */
export const formatTick = (at: string) => format(parseISO(at), 'HH:mm');

/** The counts of `points` added up per status. */
export function totalsOf(points: readonly TDeliveryStatsPoint[]): Record<StatusKey, number> {
  const totals = { SUCCESS: 0, RETRYING: 0, FAILED: 0, PENDING: 0, IGNORED: 0 };
  for (const point of points) for (const { key } of STACKED_STATUSES) totals[key] += point[key];
  return totals;
}
