import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, readNamedVariable } from './config';
import { openConfiguredDatabase } from './create-context';
import { rotateSecretKey, SecretKeyRotationError } from './db/check-secret-key';
import { migrateDatabase } from './db/migrate';

/**
 * `npm run rotate-secret-key -- --from-env OLD_SECRET_KEY`: re-encrypts every stored secret from
 * the key in that variable to SECRET_KEY, with the servers stopped. Keys are taken from the
 * environment only (never from arguments, which a process list shows) and nothing secret is printed.
 */
const USAGE =
  'Uso: pare os servidores e rode\n' +
  '  SECRET_KEY=<nova chave> OLD_SECRET_KEY=<chave atual> npm run rotate-secret-key -- --from-env OLD_SECRET_KEY';

class UsageError extends Error {}

function readKeys(): { config: ReturnType<typeof loadConfig>; oldKey: string; newKey: string } {
  let variable: string | undefined;
  try {
    variable = parseArgs({ options: { 'from-env': { type: 'string' } } }).values['from-env'];
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (!variable) throw new UsageError(`Informe a variável com a chave atual (--from-env).\n${USAGE}`);
  const oldKey = readNamedVariable(variable);
  if (!oldKey) throw new UsageError(`A variável ${variable} não está definida.\n${USAGE}`);
  const config = loadConfig(process.env, []);
  if (!config.SECRET_KEY) throw new UsageError(`Defina SECRET_KEY com a nova chave.\n${USAGE}`);
  return { config, oldKey, newKey: config.SECRET_KEY };
}

async function main(): Promise<void> {
  const { config, oldKey, newKey } = readKeys();
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
    const counts = await rotateSecretKey(database, oldKey, newKey);
    const lines = Object.entries(counts).map(([column, count]) => `  ${column}: ${count}`);
    console.log(`Segredos cifrados novamente com a nova SECRET_KEY:\n${lines.join('\n')}`);
    console.log('Inicie os servidores com a nova SECRET_KEY.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const isExpected =
    error instanceof UsageError || error instanceof ConfigError || error instanceof SecretKeyRotationError;
  const reason = error instanceof Error ? error.message : String(error);
  console.error(isExpected ? reason : `Falha ao trocar a SECRET_KEY (nada foi alterado): ${reason}`);
  process.exit(1);
});
