import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/build-app';
import { testConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import { createContext } from '../../src/create-context';
import type { Clock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { bootstrapAdmin } from '../../src/modules/admin-users/bootstrap-admin';
import { createUser } from '../../src/modules/admin-users/service';
import { openTestDatabase } from './test-database';

export const ADMIN = { email: 'admin@test.local', password: 'admin-secret-1' };

type Body = InjectOptions['payload'];
type Call = (
  url: string,
  options?: { body?: Body; token?: string | null; headers?: Record<string, string> },
) => Promise<{
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  body: any;
  headers: Record<string, unknown>;
}>;

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  adminToken: string;
  get: Call;
  post: Call;
  put: Call;
  patch: Call;
  del: Call;
  login(email: string, password: string): Promise<string>;
  /** Creates a regular (or admin) user and returns its id and a session token. */
  createUser(input?: { name?: string; email?: string; password?: string; isAdmin?: boolean }): Promise<{
    id: string;
    email: string;
    password: string;
    token: string;
  }>;
  close(): Promise<void>;
};

let userCounter = 0;

export type TestAppOptions = {
  /** Every log line (at LOG_LEVEL) is pushed here. */
  logLines?: string[];
  /** The app's clock, e.g. a fake one the test moves (`support/fake-clock.ts`); the real one by default. */
  clock?: Clock;
};

/** The real app on a fresh database of the run's backend, driven through Fastify inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wm-test-'));
  const database = await openTestDatabase();
  const config = testConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: 'test-secret-key-with-at-least-32-characters',
    ...env,
  });
  const ctx = await createContext(config, database, { clock: options.clock });
  const { logLines } = options;
  if (logLines) ctx.logger = createLogger(config.LOG_LEVEL, { write: (line: string) => logLines.push(line) });
  await bootstrapAdmin(ctx, () => {});
  const app = await buildApp(ctx);
  await app.ready();

  const call =
    (method: InjectOptions['method']): Call =>
    async (url, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      const token = options.token === undefined ? adminToken : options.token;
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await app.inject({ method, url, payload: options.body, headers });
      let body: unknown = response.body;
      try {
        body = response.body ? JSON.parse(response.body) : undefined;
      } catch {}
      return { status: response.statusCode, body, headers: response.headers };
    };

  const login = async (email: string, password: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return JSON.parse(response.body).token as string;
  };

  let adminToken = '';
  adminToken = await login(ADMIN.email, ADMIN.password);

  return {
    app,
    ctx,
    adminToken,
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    del: call('DELETE'),
    login,
    async createUser(input = {}) {
      userCounter += 1;
      const email = input.email ?? `user${userCounter}-${Date.now()}@test.local`;
      const password = input.password ?? 'user-secret-1';
      const user = await createUser(ctx, {
        name: input.name ?? `Usuário ${userCounter}`,
        email,
        password,
        isAdmin: input.isAdmin ?? false,
      });
      return { id: user.id, email, password, token: await login(email, password) };
    },
    async close() {
      await app.close();
      await database.close();
      await ctx.tracing.shutdown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
