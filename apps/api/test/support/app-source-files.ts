import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api/src: the app code the fitness tests read. */
export const APP_SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Every app file under `dir` (default apps/api/src): its `.ts` files, tests left out. */
export function appSourceFiles(dir: string = APP_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appSourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
