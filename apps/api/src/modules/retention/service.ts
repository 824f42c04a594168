import type { TRetention, TUpdateRetentionRequest } from '@wm/contracts';
import type { AppContext } from '../../context';
import { selectRetentionDays, upsertRetentionDays } from './queries';

/** The period in force: the one an admin stored, else `RETENTION_DAYS`. */
export async function getRetention(ctx: AppContext): Promise<TRetention> {
  const stored = await selectRetentionDays(ctx.db);
  return { days: stored ?? ctx.config.RETENTION_DAYS };
}

/** Stores the period for every process; the next purge of the worker role applies it. */
export async function updateRetention(ctx: AppContext, input: TUpdateRetentionRequest): Promise<TRetention> {
  await upsertRetentionDays(ctx.db, input.days);
  return { days: input.days };
}
