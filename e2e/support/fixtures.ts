import { test as base, expect, type Page } from '@playwright/test';
import { type Api, createApi } from './api';
import { watchRequests } from './requests';
import { type RunningServer, SERVER_READY_TIMEOUT_MS, startServer } from './server';

export const TOKEN_STORAGE_KEY = 'webhook-manager-token';

/** The session token the console keeps in this page's storage (null when signed out). */
export const readStoredToken = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);

/** Fills the login form already on screen and sends it; where it leads is the caller's to check. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** One server per spec file: a worker keeps it while it runs that file's tests. */
type ServerPool = {
  serverFor(file: string): Promise<RunningServer>;
  isRunningFor(file: string): boolean;
};

type WorkerFixtures = { serverPool: ServerPool };
type TestFixtures = {
  /** The real server of this spec file: fresh database, known admin (`server.admin`). */
  server: RunningServer;
  api: Api;
  /**
   * Signs in through the login screen and waits for the home page and its requests: a step that ends
   * the session (Sair, a revoked token) while one is in flight would meet its 401 as an expiry.
   */
  loginAs: (page: Page, email: string, password: string) => Promise<void>;
  /** Signs in as the bootstrap admin through the login screen. */
  loginAsAdmin: (page: Page) => Promise<void>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverPool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const current: { file?: string; server?: RunningServer } = {};
      await use({
        async serverFor(file) {
          if (current.server && current.file === file) return current.server;
          await current.server?.stop();
          current.server = undefined;
          current.server = await startServer();
          current.file = file;
          return current.server;
        },
        isRunningFor: (file) => current.server !== undefined && current.file === file,
      });
      await current.server?.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  server: async ({ serverPool }, use, testInfo) => {
    // Starting the file's server is set-up, not the test: it gets its own time on top of the test's.
    if (!serverPool.isRunningFor(testInfo.file))
      testInfo.setTimeout(testInfo.timeout + SERVER_READY_TIMEOUT_MS);
    await use(await serverPool.serverFor(testInfo.file));
  },
  baseURL: async ({ server }, use) => use(server.baseURL),
  api: async ({ server }, use) => use(createApi(server.baseURL, server.admin)),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  loginAs: async ({}, use) => {
    await use(async (page, email, password) => {
      await page.goto('/login');
      const requests = watchRequests(page);
      await submitLogin(page, email, password);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('Dashboard', { exact: true })).toBeVisible();
      await requests.settled();
    });
  },
  loginAsAdmin: async ({ loginAs, server }, use) => {
    await use((page) => loginAs(page, server.admin.email, server.admin.password));
  },
});

export { expect };
