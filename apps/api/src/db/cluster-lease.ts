import type { AppContext } from '../context';

// One process of the cluster wins each run of a job: its row holds when the next run is due, and
// only the update that finds it due moves it on.
const CLAIM_RUN = `
  INSERT INTO server_settings (name, value) VALUES ($1, $3)
  ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE server_settings.value <= $2
  RETURNING 1`;

/** True when this process won the job's run due now (its next is then `everyMs` from the clock's now). */
export async function claimClusterRun(
  ctx: Pick<AppContext, 'database' | 'clock'>,
  job: string,
  everyMs: number,
): Promise<boolean> {
  const now = ctx.clock();
  const next = new Date(now.getTime() + everyMs).toISOString();
  const won = await ctx.database.query(
    CLAIM_RUN,
    [`${job}_next`, now.toISOString(), next],
    'claim_cluster_run',
  );
  return won.length > 0;
}
