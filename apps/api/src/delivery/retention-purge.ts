import type { AppContext } from '../context';
import { ensureLogPartitions, type PurgeReport, purgeExpiredLogs } from '../db/log-retention';
import { IDEMPOTENCY_WINDOW_MS } from '../lib/idempotency-window';
import { purgeOperationalEvents } from './operational-events';
import { RETENTION_POLICY } from './retention-policy';

const RETENTION_DAYS = `SELECT value FROM server_settings WHERE name = 'retention_days'`;

/** The period in force: the one an admin stored, else RETENTION_DAYS. */
export async function readRetentionDays(ctx: AppContext): Promise<number> {
  const [row] = await ctx.database.query<{ value: string }>(RETENTION_DAYS, [], 'read_retention_days');
  return row ? Number(row.value) : ctx.config.RETENTION_DAYS;
}

/** Runs the purge now with the clock's time, the period in force and the delivery rules' policy. */
export async function runRetentionPurge(ctx: AppContext): Promise<PurgeReport> {
  const started = performance.now();
  const now = ctx.clock();
  const days = await readRetentionDays(ctx);
  const report = await purgeExpiredLogs(ctx.database, now, days, IDEMPOTENCY_WINDOW_MS, RETENTION_POLICY);
  // Operational events and notices are kept as long as the logs they point at.
  const notices = await purgeOperationalEvents(ctx, new Date(now.getTime() - days * 86_400_000));
  ctx.logger.info(
    { ...report, ...notices, durationMs: Math.round(performance.now() - started) },
    'retention purge: expired log partitions dropped',
  );
  return report;
}

/** The day partitions every role writes to, made before the first write of the process. */
export async function prepareLogPartitions(ctx: AppContext): Promise<void> {
  await ensureLogPartitions(ctx.database, ctx.clock());
}
