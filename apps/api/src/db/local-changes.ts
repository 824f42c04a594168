/**
 * Database channels on which triggers announce, at commit, a change to what an in-process cache
 * holds (cascades included); a rolled-back change announces nothing.
 */
export const CHANGE_CHANNELS = {
  /** Rules, routes and route event types: which rules an emit runs. */
  rules: 'wm_rules_changed',
  /** Applications' keys, events and subscriptions: what an emit fans out to. */
  emitTargets: 'wm_emit_targets_changed',
} as const;

export type ChangeChannel = (typeof CHANGE_CHANNELS)[keyof typeof CHANGE_CHANNELS];

/**
 * This process's listeners of each channel: a dependency of the context (created with it), so two
 * apps in one process (tests) never clear each other's caches.
 */
export type LocalChanges = Map<ChangeChannel, Set<() => void>>;

export const createLocalChanges = (): LocalChanges => new Map();
