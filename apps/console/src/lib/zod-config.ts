import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when the page allows it. The console's
 * Content-Security-Policy forbids eval (script-src 'self'), and merely probing for it is reported
 * as a violation, so every schema parses without compiling. Imported first by main.tsx.
 */
z.config({ jitless: true });
