import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { applications, subscriptions } from '../src/db/schema';
import { StartRefusedError } from '../src/lib/start-refused';
import { insertApplication, insertEvent, insertSubscription, newSecret } from './support/delivery-fixtures';
import { openTestDatabase, testBackend } from './support/test-database';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const OLD_KEY = 'old-secret-key-with-at-least-32-characters-123';
const NEW_KEY = 'new-secret-key-with-at-least-32-characters-456';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `npm run rotate-secret-key -- --from-env OLD_KEY_VARIABLE`, as an operator runs it. */
function runCommand(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    'npm',
    ['run', '--silent', 'rotate-secret-key', '--', '--from-env', 'OLD_KEY_VARIABLE'],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

describe('npm run rotate-secret-key', () => {
  it('When an operator rotates SECRET_KEY with the servers stopped, then every secret reads the same under the new key and none is printed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wm-rotate-'));
    dirs.push(dataDir);
    // PostgreSQL: a fresh database the command reaches by URL; PGlite: the embedded one in DATA_DIR.
    const postgres = testBackend === 'postgres' ? await openTestDatabase() : undefined;
    const location: Record<string, string> = postgres?.url ? { DATABASE_URL: postgres.url } : {};
    const config = (key: string) => testConfig({ SECRET_KEY: key, DATA_DIR: dataDir, ...location });
    try {
      const ctx = await createContext(config(OLD_KEY), postgres);
      const application = await insertApplication(ctx);
      const event = await insertEvent(ctx, application.id);
      const signingSecret = newSecret();
      const subscription = await insertSubscription(ctx, event.id, {
        secret: ctx.cipher.seal(signingSecret),
        authType: 'BEARER',
        authDetails: { token: ctx.cipher.seal('token-de-saida-123') },
      });
      if (!postgres) await ctx.database.close();

      const refused = await runCommand({
        ...location,
        DATA_DIR: dataDir,
        SECRET_KEY: NEW_KEY,
        OLD_KEY_VARIABLE: NEW_KEY.replace('new', 'bad'),
      });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('não é a SECRET_KEY com que este banco foi cifrado');

      const rotated = await runCommand({
        ...location,
        DATA_DIR: dataDir,
        SECRET_KEY: NEW_KEY,
        OLD_KEY_VARIABLE: OLD_KEY,
      });
      expect(rotated.output).toContain('subscriptions.secret: 1');
      expect(rotated.code).toBe(0);
      for (const secret of [OLD_KEY, NEW_KEY, signingSecret, application.apiKey, 'token-de-saida-123']) {
        expect(rotated.output).not.toContain(secret);
      }

      await expect(createContext(config(OLD_KEY), postgres)).rejects.toThrow(StartRefusedError);
      const next = await createContext(config(NEW_KEY), postgres);
      const [storedSubscription] = await next.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscription.id));
      const [storedApplication] = await next.db
        .select()
        .from(applications)
        .where(eq(applications.id, application.id));
      expect(storedSubscription && next.cipher.open(storedSubscription.secret)).toBe(signingSecret);
      expect(
        storedSubscription?.authDetails?.token && next.cipher.open(storedSubscription.authDetails.token),
      ).toBe('token-de-saida-123');
      expect(storedApplication && next.cipher.decrypt(storedApplication.apiKeyEncrypted)).toBe(
        application.apiKey,
      );
      if (!postgres) await next.database.close();
    } finally {
      await postgres?.close();
    }
  }, 180_000);
});
