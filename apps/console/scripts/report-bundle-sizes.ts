/**
 * After `vite build`: the gzip size of the JavaScript each first page downloads — its HTML entry's
 * chunk, its page chunk and every chunk they import statically — against the page's budget. The
 * build fails over one: `/login` is the console's first page, `/portal` the page consumers open.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type Budget = { page: string; keys: string[]; budgetKb: number };

const BUDGETS: Budget[] = [
  { page: '/login', keys: ['index.html', 'src/features/auth/pages/login-page.tsx'], budgetKb: 200 },
  // The portal is embedded in customers' own sites: it stays small and never loads the console.
  { page: '/portal', keys: ['portal.html'], budgetKb: 120 },
];

const dist = join(import.meta.dirname, '..', 'dist');
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'),
);

/** The files `keys` load up front: each chunk and, transitively, what it imports statically. */
function filesOf(keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is missing from the build manifest`);
    visit(key);
  }
  return files;
}

for (const { page, keys, budgetKb } of BUDGETS) {
  let total = 0;
  for (const file of filesOf(keys)) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    console.log(`  ${file.padEnd(44)} ${(size / 1024).toFixed(1).padStart(7)} KB gzip`);
  }
  const isWithin = total <= budgetKb * 1024;
  console.log(
    `JS loaded for ${page}: ${(total / 1024).toFixed(1)} KB gzip (${isWithin ? 'within' : 'OVER'} the ${budgetKb} KB budget)`,
  );
  if (!isWithin) process.exitCode = 1;
}
