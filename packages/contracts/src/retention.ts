import { z } from 'zod';

/** Shortest and longest retention period an admin may set, in days. */
export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;

/** GET /retention: how many days the logs are kept (unfinished ones are kept until they end). */
export const ZRetention = z.object({ days: z.number().int() });
export type TRetention = z.infer<typeof ZRetention>;

/** PUT /admin/retention: the new period, for every process sharing the database. */
export const ZUpdateRetentionRequest = z.object({
  days: z
    .number({ error: 'Informe o número de dias' })
    .int({ error: 'Use um número inteiro de dias' })
    .min(RETENTION_MIN_DAYS, { error: `Mínimo de ${RETENTION_MIN_DAYS} dia` })
    .max(RETENTION_MAX_DAYS, { error: `Máximo de ${RETENTION_MAX_DAYS} dias` }),
});
export type TUpdateRetentionRequest = z.infer<typeof ZUpdateRetentionRequest>;
