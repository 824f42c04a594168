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

/** `points` merged `size` at a time (the first one's `at`), counts added; percentiles are left out. */
export function mergePoints(points: readonly TDeliveryStatsPoint[], size: number): TDeliveryStatsPoint[] {
  const merged: TDeliveryStatsPoint[] = [];
  for (let index = 0; index < points.length; index += size) {
    const group = points.slice(index, index + size);
    const totals = totalsOf(group);
    merged.push({ at: group[0]?.at ?? '', ...totals, p50Ms: null, p95Ms: null });
  }
  return merged;
}
