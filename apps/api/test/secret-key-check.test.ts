import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { createContext } from '../src/create-context';
import { StartRefusedError } from '../src/lib/start-refused';
import { openTestDatabase } from './support/test-database';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-key-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('processes sharing one database', () => {
  it('When a second process starts with another secret key, then it is refused; with the same key, then it starts', async () => {
    const database = await openTestDatabase();
    try {
      const key = 'first-secret-key-with-at-least-32-characters';
      const first = await createContext(testConfig({ SECRET_KEY: key, DATA_DIR: newDataDir() }), database);
      await expect(
        createContext(
          testConfig({ SECRET_KEY: 'other-secret-key-with-at-least-32-characters', DATA_DIR: newDataDir() }),
          database,
        ),
      ).rejects.toThrow(StartRefusedError);
      // No SECRET_KEY: each process would generate its own in its DATA_DIR, which is refused the same way.
      await expect(createContext(testConfig({ DATA_DIR: newDataDir() }), database)).rejects.toThrow(
        /mesma SECRET_KEY em todos os processos/,
      );
      const second = await createContext(testConfig({ SECRET_KEY: key, DATA_DIR: newDataDir() }), database);
      expect(second.cipher.decrypt(first.cipher.encrypt('whm_chave'))).toBe('whm_chave');
    } finally {
      await database.close();
    }
  });
});
