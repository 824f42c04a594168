import { buildApp } from './build-app';
import { ConfigError, loadConfig } from './config';
import type { AppContext } from './context';
import { createContext } from './create-context';
import { StartRefusedError } from './lib/start-refused';
import { bootstrapAdmin } from './modules/admin-users/bootstrap-admin';
import { republishOwnUnpublished } from './pipeline/republish-stale';
import { startWorkers, type Workers } from './workers';

/** After this, a stop that has not finished exits anyway (the workers give their work back sooner). */
const FORCED_EXIT_TIMEOUT_MS = 30_000;

async function main() {
  const config = loadConfig();
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  let workers: Workers | null = null;
  const stop = async () => {
    await app.close();
    await workers?.stop();
    await ctx.queue?.close();
    await ctx.database.close();
    // Exports the spans still batched.
    await ctx.tracing.shutdown();
  };
  try {
    await bootstrapAdmin(ctx);
    // Listen first: a start that fails on a taken port must not have claimed deliveries already.
    if (config.role !== 'worker') await app.listen({ port: config.PORT, host: config.HOST });
    workers = config.role === 'api' ? null : await startWorkers(ctx);
  } catch (error) {
    await stop().catch((stopError) =>
      ctx.logger.warn({ err: stopError }, 'stop after a failed start failed'),
    );
    throw error;
  }
  ctx.logger.info({ role: config.role, database: ctx.database.kind }, 'webhook manager started');
  if (config.role !== 'worker') republishPredecessorsLogs(ctx);
  handleSignals(ctx, stop);
}

/**
 * What this process's previous incarnation committed and may not have published before it died
 * goes on the queue now, not when the republish sweep finds it. In the background: the start
 * does not wait for the broker.
 */
function republishPredecessorsLogs(ctx: AppContext) {
  republishOwnUnpublished(ctx, ctx.emitRecorder.writer).then(
    (count) => {
      if (count > 0)
        ctx.logger.info({ count }, 'published the event logs left unpublished before the restart');
    },
    (error) => ctx.logger.warn({ err: error }, 'could not publish the event logs left before the restart'),
  );
}

function handleSignals(ctx: AppContext, stop: () => Promise<void>) {
  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    ctx.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), FORCED_EXIT_TIMEOUT_MS);
    force.unref();
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Failures an operator can fix from the message alone: one line, no stack. */
const EXPECTED_START_CODES = new Set([
  'EADDRINUSE',
  'EACCES',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  '3D000', // database does not exist
  '28P01', // password authentication failed
  '28000', // no such role / not allowed
]);

function describeStartFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof StartRefusedError) return `Falha ao iniciar: ${error.message}`;
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'string' && EXPECTED_START_CODES.has(code)) {
    return `Falha ao iniciar: ${error.message} (${code})`;
  }
  return `Falha ao iniciar: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

main().catch((error) => {
  console.error(describeStartFailure(error));
  process.exit(1);
});
