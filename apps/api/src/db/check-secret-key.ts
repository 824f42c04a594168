import { createHmac } from 'node:crypto';
import { StartRefusedError } from '../lib/start-refused';
import type { DatabaseHandle } from './client';

const SETTING = 'secret_key_fingerprint';

/** Not the key: an HMAC of a fixed text under it, which tells two keys apart without revealing either. */
const fingerprintOf = (secretKey: string) =>
  createHmac('sha256', secretKey).update('webhook-manager secret key check').digest('hex');

/**
 * The first process records its key's fingerprint; any later one must have the
 * same key, or the API keys one of them stores are unreadable to the other.
 */
export async function checkSecretKey(
  database: Pick<DatabaseHandle, 'query'>,
  secretKey: string,
): Promise<void> {
  const fingerprint = fingerprintOf(secretKey);
  await database.query(
    'INSERT INTO server_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [SETTING, fingerprint],
  );
  const [row] = await database.query<{ value: string }>('SELECT value FROM server_settings WHERE name = $1', [
    SETTING,
  ]);
  if (row?.value !== fingerprint) {
    throw new StartRefusedError(
      'A SECRET_KEY deste processo não é a mesma com que este banco foi iniciado: defina a mesma ' +
        'SECRET_KEY em todos os processos que usam este banco (sem ela, cada um gera a sua em DATA_DIR).',
    );
  }
}
