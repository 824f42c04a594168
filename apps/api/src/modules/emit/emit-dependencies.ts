import type { EmitEvent, EmitRecord, EmitSubscription } from './emit-rows';

// The emit path's per-process dependencies, as the context holds them (types only: context.ts
// imports this file, and the files that build them import the context).

export type EmitTarget = {
  /** False when the application does not exist or the key hash is not its key; null when no key was given. */
  isKeyValid: boolean | null;
  event: EmitEvent | null;
  /** ACTIVE and auto-disabled (FAILED) subscriptions, oldest first. */
  subscriptions: EmitSubscription[];
};

export type EmitTargetKey = { applicationId: string; alias: string; apiKeyHash: string | null };

/** What emits fan out to, kept per (application, alias, key hash) until any of them changes. */
export type EmitTargets = {
  get(key: EmitTargetKey): Promise<EmitTarget>;
  /** Stops listening for changes (if it had started); later reads load every time. */
  stop(): Promise<void>;
};

/** This process's writer of emits: one group-commit batcher and the lease owner it writes as. */
export type EmitRecorder = {
  /**
   * `emit:<WORKER_ID>#<incarnation>`, one per process (per context). Its next incarnation
   * republishes at start what this one wrote and may not have published.
   */
  writer: { prefix: string; id: string };
  /** Records one emit with the others in flight; false when its idempotency key was already taken. */
  record(record: EmitRecord): Promise<boolean>;
  /** Waits for the writes in flight; later records are still written. */
  stop(): Promise<void>;
};
