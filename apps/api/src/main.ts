import { ConfigError, loadConfig } from './config';
import { createContext } from './create-context';
import { buildApp } from './http/app';
import { bootstrapAdmin } from './modules/auth/bootstrap-admin';
import { startWorkers } from './workers';

async function main() {
  const config = loadConfig();
  const ctx = await createContext(config);
  await bootstrapAdmin(ctx);
  const app = await buildApp(ctx);
  const workers = config.role === 'api' ? null : await startWorkers(ctx);
  if (config.role !== 'worker') {
    await app.listen({ port: config.PORT, host: config.HOST });
  }
  ctx.logger.info({ role: config.role, database: ctx.database.kind }, 'webhook manager started');

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    ctx.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await app.close();
    await workers?.stop();
    await ctx.queue?.close();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Falha ao iniciar:', error);
  }
  process.exit(1);
});
