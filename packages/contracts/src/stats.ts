import { z } from 'zod';
import { queryInt } from './common';

/** A chart asks for at most this many points. */
export const DELIVERY_STATS_MAX_BUCKETS = 1440;
/** The longest period a chart covers: read from per-minute figures, a week is 10,080 rows per subscription. */
export const DELIVERY_STATS_MAX_DAYS = 7;

const MINUTE_MS = 60_000;

/** Where the answer's first bucket starts: `from` taken to its minute. */
export const firstBucketStart = (from: Date) => new Date(Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * How many points a range answers: buckets of `bucketMinutes` from `from`'s minute until `to`. A
 * day whose ends both fall inside a minute touches 1,441 minutes, so it takes 1,441 one-minute buckets.
 */
export function countDeliveryStatsBuckets(from: Date, to: Date, bucketMinutes: number): number {
  const span = to.getTime() - firstBucketStart(from).getTime();
  return Math.max(1, Math.ceil(span / (bucketMinutes * MINUTE_MS)));
}

const instant = z.iso
  .datetime({ offset: true, error: 'Data inválida' })
  .refine((value) => !value.startsWith('0000'), { error: 'Data inválida' });

/**
 * GET /stats/deliveries: what happened to the deliveries the caller may read, in buckets of
 * `bucketMinutes` from `from` (taken to its minute) until `to`.
 */
export const ZDeliveryStatsQuery = z
  .object({
    from: instant,
    to: instant,
    bucketMinutes: queryInt('Intervalo inválido').pipe(
      z
        .number()
        .min(1, { error: 'Intervalo mínimo é 1 minuto' })
        .max(DELIVERY_STATS_MAX_BUCKETS, { error: 'Intervalo máximo é 1440 minutos' }),
    ),
    applicationId: z.uuid({ error: 'Aplicação inválida' }).optional(),
    subscriptionId: z.uuid({ error: 'Assinatura inválida' }).optional(),
  })
  .refine((query) => Date.parse(query.from) < Date.parse(query.to), {
    error: 'O início deve ser anterior ao fim',
    path: ['to'],
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= DELIVERY_STATS_MAX_DAYS * 86_400_000, {
    error: `Período máximo é de ${DELIVERY_STATS_MAX_DAYS} dias`,
    path: ['from'],
  })
  .refine(
    (query) =>
      countDeliveryStatsBuckets(new Date(query.from), new Date(query.to), query.bucketMinutes) <=
      DELIVERY_STATS_MAX_BUCKETS,
    {
      error: `Período longo demais para o intervalo: no máximo ${DELIVERY_STATS_MAX_BUCKETS} pontos`,
      path: ['bucketMinutes'],
    },
  );
export type TDeliveryStatsQuery = z.infer<typeof ZDeliveryStatsQuery>;

/**
 * One bucket: attempts that succeeded (SUCCESS), failed and will be retried (RETRYING) or failed for
 * good (FAILED); deliveries created in it that are still waiting for their first send (PENDING) or
 * that the subscription's filters ignored (IGNORED); and the median and 95th percentile of the
 * attempts' response times, for one subscription (`subscriptionId`, or a caller who reads only one):
 * null otherwise and in buckets without attempts, the response times of different endpoints making
 * no one distribution.
 */
export const ZDeliveryStatsPoint = z
  .object({
    at: z.string(),
    SUCCESS: z.number().int(),
    FAILED: z.number().int(),
    RETRYING: z.number().int(),
    PENDING: z.number().int(),
    IGNORED: z.number().int(),
    p50Ms: z.number().int().nullable(),
    p95Ms: z.number().int().nullable(),
  })
  .meta({ id: 'DeliveryStatsPoint' });
export type TDeliveryStatsPoint = z.infer<typeof ZDeliveryStatsPoint>;

export const ZDeliveryStatsResponse = z
  .object({ data: z.array(ZDeliveryStatsPoint) })
  .meta({ id: 'DeliveryStats' });
export type TDeliveryStatsResponse = z.infer<typeof ZDeliveryStatsResponse>;
