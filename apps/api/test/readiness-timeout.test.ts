import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../src/build-app';
import { testConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { addContextDependencies } from '../src/create-context';
import { createLocalChanges } from '../src/db/change-channel';
import type { DatabaseHandle } from '../src/db/client';
import { openDatabase } from '../src/db/open-database';
import { createDeliveryWakes } from '../src/delivery/wake';
import { createCipher } from '../src/lib/crypto';
import { createLogger } from '../src/lib/logger';
import { createMetrics } from '../src/lib/metrics';
import { TRACING_OFF } from '../src/lib/tracing';
import { startBlackHoleServer } from './support/black-hole-server';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database handle on a server that accepts connections and never answers. */
async function openPartitionedDatabase(timeouts: { connectTimeoutMs: number; queryTimeoutMs: number }) {
  const blackHole = await startBlackHoleServer();
  const database = await openDatabase({ kind: 'postgres', url: blackHole.url, poolSize: 2, ...timeouts });
  // Sockets first: the pool's close waits for the connections it is still opening.
  cleanups.push(
    () => database.close(),
    () => blackHole.close(),
  );
  return database;
}

function buildPartitionedContext(database: DatabaseHandle): AppContext {
  return addContextDependencies({
    config: testConfig(),
    database,
    db: database.db,
    cipher: createCipher('test-secret-key-with-at-least-32-characters'),
    clock: () => new Date(),
    logger: createLogger('silent'),
    metrics: createMetrics(),
    tracing: TRACING_OFF,
    readinessChecks: new Map(),
    localChanges: createLocalChanges(),
    deliveryWakes: createDeliveryWakes(),
  });
}

it('When the database accepts connections but never answers, then /readyz answers 503 within its deadline instead of hanging', async () => {
  // Connecting gives up later than /readyz, so the answer comes from the readiness deadline.
  const database = await openPartitionedDatabase({ connectTimeoutMs: 20_000, queryTimeoutMs: 30_000 });
  const app = await buildApp(buildPartitionedContext(database));
  cleanups.push(() => app.close());

  const startedAt = Date.now();
  const response = await app.inject({ method: 'GET', url: '/readyz' });

  // Wide room above the 2 s readiness deadline, still far below the 20 s connect timeout.
  expect(Date.now() - startedAt).toBeLessThan(10_000);
  expect(response.statusCode).toBe(503);
  expect(JSON.parse(response.body)).toEqual({ status: 'not_ready', checks: { database: 'unavailable' } });
});

it('When a database connection is not answered within the connect timeout, then the query fails instead of waiting forever', async () => {
  const database = await openPartitionedDatabase({ connectTimeoutMs: 300, queryTimeoutMs: 30_000 });

  const startedAt = Date.now();
  await expect(database.query('SELECT 1')).rejects.toThrow();
  // Wide room above the 300 ms connect timeout, still far below the 30 s query timeout.
  expect(Date.now() - startedAt).toBeLessThan(10_000);
});
