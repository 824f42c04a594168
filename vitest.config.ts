import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// API and queue suites run once per backend through the same code; the
// backend is chosen by TEST_BACKEND, read only by the test harness.
const integration = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
      integration('api-pglite', { TEST_BACKEND: 'pglite' }),
      integration('api-postgres', { TEST_BACKEND: 'postgres' }),
    ],
  },
});
