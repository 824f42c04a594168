/**
 * The production build of the API: `src/main.ts` and `src/rotate-secret-key.ts` bundled by esbuild
 * into JavaScript that `node` runs as is (`npm start`, `npm run rotate-secret-key`), with the
 * workspace packages (@wm/contracts, @wm/rules: TypeScript sources) inside the bundle.
 *
 * Output: `dist/src/`, at the same depth below `apps/api` as the sources' folders, so the paths the
 * code resolves from `import.meta.url` (the console's `../../../console/dist`, the migrations beside
 * the code) hold in both; the SQL migrations are copied to `dist/src/migrations`. Third-party
 * packages stay in node_modules and are imported from there at run time: PGlite finds its
 * WebAssembly and data files, and Swagger UI its assets, beside their own modules. Code loaded with
 * `import()` (the OpenTelemetry SDK, only when tracing is on) becomes a chunk of its own.
 *
 * Each file is written to a temporary name and renamed over the old one, so a process starting
 * from `dist` while another build runs never reads a half-written file.
 */
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const API = join(import.meta.dirname, '..');
const OUT = join(API, 'dist', 'src');
const MIGRATIONS = join(API, 'src', 'db', 'migrations');

const manifest = JSON.parse(readFileSync(join(API, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const thirdParty = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@wm/'));

function writeAtomically(path: string, contents: Uint8Array) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

const result = await build({
  entryPoints: [join(API, 'src', 'main.ts'), join(API, 'src', 'rotate-secret-key.ts')],
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  external: thirdParty,
  // Beside the entries: shared code resolves its paths from import.meta.url of its chunk.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
  write: false,
});
for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
// Exactly the sources' migrations: one renamed or removed there must not linger here and be applied.
const migrations = readdirSync(MIGRATIONS);
mkdirSync(join(OUT, 'migrations'), { recursive: true });
for (const name of migrations) {
  const temporary = join(OUT, 'migrations', `${name}.${process.pid}.tmp`);
  copyFileSync(join(MIGRATIONS, name), temporary);
  renameSync(temporary, join(OUT, 'migrations', name));
}
for (const name of readdirSync(join(OUT, 'migrations'))) {
  if (name.endsWith('.sql') && !migrations.includes(name)) rmSync(join(OUT, 'migrations', name));
}
