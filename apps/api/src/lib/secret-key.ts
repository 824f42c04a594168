import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from './crypto';

/** SECRET_KEY when set; otherwise one generated once and kept in DATA_DIR (mode 600). */
export function resolveSecretKey(secretKey: string | undefined, dataDir: string): string {
  if (secretKey) return secretKey;
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const generated = randomToken(48);
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}
