import { z } from 'zod';

/** GET /healthz: the process answers. */
export const ZHealth = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

/** GET /readyz: each dependency's state; 503 when one is not `ok`. */
export const ZReadiness = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.record(z.string(), z.enum(['ok', 'unavailable'])),
  })
  .meta({ id: 'Readiness' });
export type TReadiness = z.infer<typeof ZReadiness>;
