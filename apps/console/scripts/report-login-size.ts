/**
 * After `vite build`: the gzip size of the JavaScript a visitor of /login downloads —
 * the entry chunk, the login page chunk and every chunk they import statically.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const LOGIN_PAGE = 'src/features/auth/pages/login-page.tsx';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

const dist = join(import.meta.dirname, '..', 'dist');
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
);

const entryKeys = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isEntry)
  .map(([key]) => key);
if (!manifest[LOGIN_PAGE]) throw new Error(`${LOGIN_PAGE} is missing from the build manifest`);

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const key of [...entryKeys, LOGIN_PAGE]) visit(key);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`  ${file.padEnd(44)} ${(size / 1024).toFixed(1).padStart(7)} KB gzip`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`JS loaded for /login: ${(total / 1024).toFixed(1)} KB gzip (${verdict} the 200 KB budget)`);
if (total > BUDGET_BYTES) process.exitCode = 1;
