// `npm run bench -- <name>` runs bench/<name>*.ts; see the header of each file.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const BENCHES: Record<string, string> = {
  compare: 'compare.ts',
  delivery: 'delivery-drain.ts',
  fifo: 'fifo.ts',
  freeze: 'rules-freeze.ts',
  ingest: 'ingest-throughput.ts',
  isolation: 'isolation.ts',
  portal: 'portal.ts',
  oauth2: 'oauth2.ts',
  queue: 'queue-throughput.ts',
  replay: 'statement-replay.ts',
  retention: 'retention.ts',
  rules: 'rules-matcher.ts',
  schema: 'schema-check.ts',
  start: 'server-start.ts',
};
const name = process.argv[2] ?? 'delivery';
const file = BENCHES[name];
if (!file) {
  console.error(`Benchmarks: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(import.meta.dirname, file), ...process.argv.slice(3)],
  // Our server runs as `npm start` runs it: the production build, not the sources through tsx.
  { stdio: 'inherit', env: { BENCH_SERVER_ENTRY: 'build', ...process.env } },
);
process.exit(result.status ?? 1);
