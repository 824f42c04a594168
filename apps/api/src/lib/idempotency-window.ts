/** How long an idempotency key (externalEventId or Idempotency-Key) answers its first emit. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
