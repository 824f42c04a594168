import { resolve } from 'node:path';
import type { Config } from './config';
import type { AppContext } from './context';
import { createLocalChanges } from './db/change-channel';
import { checkSecretKey } from './db/check-secret-key';
import type { DatabaseHandle } from './db/client';
import { ensureLogPartitions } from './db/log-retention';
import { migrateDatabase } from './db/migrate';
import { openDatabase } from './db/open-database';
import { sealStoredSecrets } from './db/seal-stored-secrets';
import { createOAuth2Tokens } from './delivery/oauth2-tokens';
import { outboundProxyOf } from './delivery/outbound-proxy';
import { createDeliveryWakes } from './delivery/wake';
import { type Clock, systemClock } from './lib/clock';
import { createTracing } from './lib/create-tracing';
import { createCipher } from './lib/crypto';
import { createLifecycle } from './lib/lifecycle';
import { createLogger } from './lib/logger';
import { createMetrics } from './lib/metrics';
import { createRateLimiter } from './lib/rate-limiter';
import { resolveSecretKey } from './lib/secret-key';
import { createEmitTargets } from './modules/emit/load-emit-target';
import { createEmitRecorder } from './modules/emit/record-emits';
import { createRulesSchemas } from './modules/emit-rules/rules-schemas';
import { createIngestTargets } from './modules/ingest/ingest-targets';
import { createRulesCache } from './pipeline/rules-cache';
import { createQueue } from './queue/create-queue';

/** The configured storage: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
      })
    : openDatabase({ kind: 'pglite', dataDir: resolve(config.DATA_DIR, 'pglite') });
}

/**
 * Opens storage, migrates it, seals secrets still stored in clear, and wires the context. Tests
 * pass a clock they move by hand; a server runs on the system clock.
 */
export async function createContext(
  config: Config,
  database?: DatabaseHandle,
  options: { clock?: Clock } = {},
): Promise<AppContext> {
  const clock = options.clock ?? systemClock;
  const handle = database ?? (await openConfiguredDatabase(config));
  await migrateDatabase(handle);
  // Today's and the next days' log partitions, before the first write; the worker role keeps them ahead.
  await ensureLogPartitions(handle, clock());
  const secretKey = resolveSecretKey(config.SECRET_KEY, config.DATA_DIR);
  await checkSecretKey(handle, secretKey);
  const cipher = createCipher(secretKey);
  const logger = createLogger(config.LOG_LEVEL);
  const sealed = await sealStoredSecrets((text, params) => handle.query(text, params), cipher);
  if (Object.values(sealed).some((count) => count > 0)) logger.info({ sealed }, 'stored secrets encrypted');
  const queue = createQueue({ config, database: handle, logger, clock });
  return addContextDependencies({
    config,
    database: handle,
    db: handle.db,
    cipher,
    clock,
    logger,
    metrics: createMetrics(),
    tracing: await createTracing(config.traceExport, logger),
    // The database queue is the database: /readyz already checks it.
    readinessChecks: new Map(queue.kind === 'rabbitmq' ? [['queue', () => queue.ping()]] : []),
    queue,
    localChanges: createLocalChanges(),
    deliveryWakes: createDeliveryWakes(),
  });
}

/** The context's connections and channels, before the dependencies built on them. */
export type ContextBase = Omit<
  AppContext,
  | 'emitTargets'
  | 'emitRecorder'
  | 'ingestTargets'
  | 'rulesCache'
  | 'rulesSchemas'
  | 'portalRateLimiter'
  | 'oauth2Tokens'
  | 'lifecycle'
>;

/**
 * Builds the context's own dependencies on `base`, in the order listed in its lifecycle, which
 * stops them in reverse: the writes in flight end before the emit cache stops listening. The caches
 * listen from their first read, so a process holds a connection only for those it uses. They are
 * added to `base` itself (not to a copy), so a logger a test swaps in afterwards is the one they use.
 */
export function addContextDependencies(base: ContextBase): AppContext {
  const emitTargets = createEmitTargets(base);
  const emitRecorder = createEmitRecorder(base);
  const ingestTargets = createIngestTargets(base);
  const rulesCache = createRulesCache(base);
  const rulesSchemas = createRulesSchemas(base);
  // Read on each take, so a clock a test swaps in afterwards is the one it counts on.
  const portalRateLimiter = createRateLimiter(base.config.PORTAL_RATE_LIMIT_PER_MINUTE, () => base.clock());
  const oauth2Tokens = createOAuth2Tokens({
    clock: () => base.clock(),
    timeoutMs: base.config.DELIVERY_TIMEOUT_MS,
    allowPrivateTargets: base.config.ALLOW_PRIVATE_TARGETS,
    proxy: outboundProxyOf(base.config),
  });
  const lifecycle = createLifecycle(
    [
      { name: 'emitTargets', stop: () => emitTargets.stop() },
      { name: 'emitRecorder', stop: () => emitRecorder.stop() },
      { name: 'ingestTargets', stop: () => ingestTargets.stop() },
      { name: 'rulesCache', stop: () => rulesCache.stop() },
      { name: 'rulesSchemas', stop: () => rulesSchemas.stop() },
      { name: 'oauth2Tokens', stop: () => oauth2Tokens.stop() },
    ],
    (dependency, error) =>
      base.logger.warn({ err: error, dependency }, 'a context dependency failed to stop'),
  );
  return Object.assign(base, {
    emitTargets,
    emitRecorder,
    ingestTargets,
    rulesCache,
    rulesSchemas,
    portalRateLimiter,
    oauth2Tokens,
    lifecycle,
  });
}

/**
 * Stops the context's dependencies, once, whichever asks first: the server's close (build-app.ts)
 * or the workers' stop (workers.ts); the process closes the database, queue and tracing after both.
 */
export function stopContext(ctx: AppContext): Promise<void> {
  return ctx.lifecycle.stop();
}
