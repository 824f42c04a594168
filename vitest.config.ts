import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// API and queue suites run once per backend through the same code; the
// backend is chosen by TEST_BACKEND, read only by the test harness.
const integration = (
  name: string,
  env: Record<string, string>,
  include = ['apps/api/test/**/*.test.ts'],
  exclude = ['apps/api/test/**/queue*.test.ts'],
) => ({
  extends: true as const,
  test: {
    name,
    include,
    exclude,
    env,
    // A PostgreSQL project's databases are copied from a migrated template and dropped together at the end.
    globalSetup: env.TEST_BACKEND === 'postgres' ? ['apps/api/test/support/postgres-global-setup.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // The integration files mostly wait on databases, brokers and servers they spawn: one worker
    // kept two cores about half idle (busy 53 %, 305 s for api-postgres), two use them (86 %, 178 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/console/src', import.meta.url)) } },
      },
      integration('api-pglite', { TEST_BACKEND: 'pglite' }, undefined, [
        'apps/api/test/**/queue*.test.ts',
        'apps/api/test/**/*.postgres.test.ts',
      ]),
      integration('api-postgres', { TEST_BACKEND: 'postgres' }, undefined, [
        'apps/api/test/**/queue*.test.ts',
        'apps/api/test/**/*.pglite.test.ts',
      ]),
      // The queue suite once per queue backend; QUEUE_BACKEND is read only by the tests.
      integration(
        'queue-database',
        { TEST_BACKEND: 'pglite', QUEUE_BACKEND: 'database' },
        ['apps/api/test/queue.test.ts'],
        [],
      ),
      integration(
        'queue-database-postgres',
        { TEST_BACKEND: 'postgres', QUEUE_BACKEND: 'database' },
        [
          'apps/api/test/queue.test.ts',
          'apps/api/test/queue-crash.test.ts',
          'apps/api/test/queue-rules-crash.test.ts',
          'apps/api/test/queue-ingest-crash.test.ts',
        ],
        [],
      ),
      integration(
        'queue-rabbitmq',
        { TEST_BACKEND: 'postgres', QUEUE_BACKEND: 'rabbitmq' },
        [
          'apps/api/test/queue*.test.ts',
          'apps/api/test/rabbitmq-events.test.ts',
          'apps/api/test/endpoint-isolation.test.ts',
          'apps/api/test/emit-rules.test.ts',
          'apps/api/test/ingest-providers.test.ts',
          'apps/api/test/integration-code.test.ts',
          'apps/api/test/metrics-histograms.test.ts',
          'apps/api/test/tracing.test.ts',
        ],
        [],
      ),
    ],
  },
});
