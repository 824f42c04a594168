import { z } from 'zod';
import { CIRCUIT_STATES } from './enums';

/** Attempts over a window: how many, the share that succeeded (0–1, null without attempts), durations. */
const ZAttemptWindow = z.object({
  attempts: z.number().int(),
  successRate: z.number().nullable(),
  p50Ms: z.number().nullable(),
  p95Ms: z.number().nullable(),
});
export type TAttemptWindow = z.infer<typeof ZAttemptWindow>;

/** GET /subscriptions/{id}/health: how its endpoint is doing, as the delivery engine sees it. */
export const ZSubscriptionHealth = z
  .object({
    data: z.object({
      circuit: z.object({
        state: z.enum(CIRCUIT_STATES),
        /** While OPEN: when the next probe may go. */
        openUntil: z.string().nullable(),
      }),
      /** Deliveries being sent right now, by every worker. */
      inFlight: z.number().int(),
      /** Failed attempts since the last success (what opens the circuit). */
      consecutiveFailures: z.number().int(),
      rateLimitPerSecond: z.number().int().nullable(),
      maxInFlight: z.number().int().nullable(),
      /**
       * A FIFO event's keys: how many have a delivery waiting behind an earlier one (held), and the
       * oldest such delivery's creation; 0 and null for other events.
       */
      fifo: z.object({ heldKeys: z.number().int(), oldestHeldAt: z.string().nullable() }),
      lastHour: ZAttemptWindow,
      lastDay: ZAttemptWindow,
    }),
  })
  .meta({ id: 'SubscriptionHealth' });
export type TSubscriptionHealth = z.infer<typeof ZSubscriptionHealth>;
