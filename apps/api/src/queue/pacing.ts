export type PacingSlot = { isAcquired: boolean; waitMs: number };

/** A maxWaitMs that never gives up: the caller waits however long the key is busy. */
export const NO_WAIT_LIMIT_MS = 365 * 24 * 3_600_000;
