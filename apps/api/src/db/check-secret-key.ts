import { createHmac } from 'node:crypto';
import { createCipher } from '../lib/crypto';
import { StartRefusedError } from '../lib/start-refused';
import type { DatabaseHandle } from './client';
import { type RewriteCounts, reencryptStoredSecrets } from './seal-stored-secrets';

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

export class SecretKeyRotationError extends Error {}

/**
 * Re-encrypts every stored secret (API keys, signing and callback secrets, outbound credentials)
 * from `oldKey` to `newKey` and records the new key's fingerprint, in one transaction: it all
 * happens or nothing does. Writers wait meanwhile (table locks); the servers must be stopped
 * first, since one still running with the old key could no longer read what it finds.
 */
export async function rotateSecretKey(
  database: Pick<DatabaseHandle, 'inScriptTransaction'>,
  oldKey: string,
  newKey: string,
): Promise<RewriteCounts> {
  if (oldKey === newKey)
    throw new SecretKeyRotationError('A nova SECRET_KEY é igual à antiga: nada a fazer.');
  return database.inScriptTransaction(async (tx) => {
    await tx.query('LOCK TABLE applications, events, subscriptions IN SHARE ROW EXCLUSIVE MODE');
    const [row] = await tx.query<{ value: string }>(
      'SELECT value FROM server_settings WHERE name = $1 FOR UPDATE',
      [SETTING],
    );
    if (row && row.value !== fingerprintOf(oldKey)) {
      throw new SecretKeyRotationError(
        'A chave antiga informada não é a SECRET_KEY com que este banco foi cifrado: nada foi alterado.',
      );
    }
    const query = <T>(text: string, params?: unknown[]) => tx.query<T>(text, params);
    const counts = await reencryptStoredSecrets(query, createCipher(oldKey), createCipher(newKey));
    await tx.query(
      `INSERT INTO server_settings (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
      [SETTING, fingerprintOf(newKey)],
    );
    return counts;
  });
}
