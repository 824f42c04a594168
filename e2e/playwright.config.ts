import { defineConfig, devices } from '@playwright/test';

/** Browser tests against the real server (started per worker by support/fixtures.ts) in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Two spec files at a time, each with its own server and data directory on free ports: the tests
  // mostly wait on Chromium and their server, and one at a time took 18 of CI's 30 minutes.
  workers: 2,
  retries: 0,
  reporter: 'list',
  // The first test of each spec file also waits for its fresh server to start.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // `*.mobile.spec.ts` run on a 390×844 phone screen; every other spec on the desktop one.
  projects: [
    { name: 'desktop', testIgnore: /\.mobile\.spec\.ts$/ },
    {
      name: 'mobile',
      testMatch: /\.mobile\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  use: {
    ...devices['Desktop Chrome'],
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
