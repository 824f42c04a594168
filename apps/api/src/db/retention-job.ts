import type { AppContext } from '../context';
import { IDEMPOTENCY_WINDOW_MS } from '../lib/idempotency-window';
import { ensureLogPartitions, type PurgeReport, purgeExpiredLogs } from './log-retention';

/** How often the worker role looks whether the purge is due, and how often it runs cluster-wide. */
const CHECK_MS = 60_000;
const RUN_EVERY_MS = 60 * 60_000;

const RETENTION_DAYS = `SELECT value FROM server_settings WHERE name = 'retention_days'`;

// One process of the cluster wins each run: the row holds when the next run is due, and only the
// update that finds it due moves it on.
const CLAIM_RUN = `
  INSERT INTO server_settings (name, value) VALUES ('retention_purge_next', $2)
  ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE server_settings.value <= $1
  RETURNING 1`;

/** The period in force: the one an admin stored, else RETENTION_DAYS. */
export async function readRetentionDays(ctx: AppContext): Promise<number> {
  const [row] = await ctx.database.query<{ value: string }>(RETENTION_DAYS, [], 'read_retention_days');
  return row ? Number(row.value) : ctx.config.RETENTION_DAYS;
}

/** Runs the purge now with the clock's time and the period in force. */
export async function runRetentionPurge(ctx: AppContext): Promise<PurgeReport> {
  const started = performance.now();
  const report = await purgeExpiredLogs(
    ctx.database,
    ctx.clock(),
    await readRetentionDays(ctx),
    IDEMPOTENCY_WINDOW_MS,
  );
  ctx.logger.info(
    { ...report, durationMs: Math.round(performance.now() - started) },
    'retention purge: expired log partitions dropped',
  );
  return report;
}

/** Runs the purge if no process of the cluster ran it within the last hour. Null when another did. */
export async function runRetentionPurgeIfDue(ctx: AppContext): Promise<PurgeReport | null> {
  const now = ctx.clock();
  const next = new Date(now.getTime() + RUN_EVERY_MS).toISOString();
  const won = await ctx.database.query(CLAIM_RUN, [now.toISOString(), next], 'claim_retention_purge');
  if (won.length === 0) return null;
  return runRetentionPurge(ctx);
}

/** The day partitions every role writes to, made before the first write of the process. */
export async function prepareLogPartitions(ctx: AppContext): Promise<void> {
  await ensureLogPartitions(ctx.database, ctx.clock());
}

/** The worker role's timer; answers its stop. */
export function startRetentionPurge(ctx: AppContext): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runRetentionPurgeIfDue(ctx).catch((error: unknown) => {
      ctx.logger.error({ err: error }, 'retention purge failed; tried again at the next check');
    });
  };
  tick();
  const timer = setInterval(tick, CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
