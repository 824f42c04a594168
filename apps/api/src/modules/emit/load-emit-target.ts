import type { AppContext } from '../../context';
import { type ChangeCache, createChangeCache } from '../../db/change-cache';
import { CHANGE_CHANNELS } from '../../db/change-channel';
import { createBatcher } from '../../lib/batcher';
import { type EmitTargetRow, selectEmitTargets } from './batch-queries';
import type { EmitEvent, EmitSubscription } from './emit-rows';

export type EmitTarget = {
  /** False when the application does not exist or the key hash is not its key; null when no key was given. */
  isKeyValid: boolean | null;
  event: EmitEvent | null;
  /** ACTIVE and auto-disabled (FAILED) subscriptions, oldest first. */
  subscriptions: EmitSubscription[];
};

type TargetKey = { applicationId: string; alias: string; apiKeyHash: string | null };

/** Targets kept at most; past it the oldest is forgotten (each reload is one batched read). */
const MAX_ENTRIES = 10_000;

const caches = new WeakMap<AppContext, ChangeCache<TargetKey, EmitTarget>>();
const stopped = new WeakSet<AppContext>();

/**
 * What an emit of `alias` by `applicationId` fans out to; `apiKeyHash` (SHA-256) is checked on
 * the way. Answers are kept per (application, alias, key hash) until an application, event or
 * subscription changes anywhere; on a miss, concurrent emits share one read.
 */
export async function loadEmitTarget(
  ctx: AppContext,
  applicationId: string,
  alias: string,
  apiKeyHash: string | null,
): Promise<EmitTarget> {
  return cacheOf(ctx).get({ applicationId, alias, apiKeyHash });
}

/** Stops the context's emit-target cache (its listening connection); later emits read every time. */
export async function stopEmitTargetCache(ctx: AppContext): Promise<void> {
  stopped.add(ctx);
  const cache = caches.get(ctx);
  caches.delete(ctx);
  await cache?.stop();
}

function cacheOf(ctx: AppContext): ChangeCache<TargetKey, EmitTarget> {
  let cache = caches.get(ctx);
  if (cache) return cache;
  const batcher = createBatcher((keys: TargetKey[]) => loadTargets(ctx, keys), {
    maxSize: 500,
    maxInFlight: 2,
    isolateFailures: true,
  });
  const load = (key: TargetKey) => batcher.submit(key);
  cache = stopped.has(ctx)
    ? { get: load, stop: async () => {} }
    : createChangeCache(ctx, {
        channel: CHANGE_CHANNELS.emitTargets,
        label: 'emit targets',
        keyOf,
        load,
        maxEntries: MAX_ENTRIES,
      });
  caches.set(ctx, cache);
  return cache;
}

const keyOf = (key: TargetKey) => `${key.applicationId}\n${key.alias}\n${key.apiKeyHash ?? ''}`;

async function loadTargets(ctx: AppContext, keys: TargetKey[]): Promise<EmitTarget[]> {
  const distinct = [...new Map(keys.map((key) => [keyOf(key), key])).values()];
  const rows = await selectEmitTargets(
    ctx.database,
    distinct.map((key) => key.applicationId),
    distinct.map((key) => key.alias),
    distinct.map((key) => key.apiKeyHash),
  );
  const found = new Map(rows.map((row) => [keyOf(distinct[row.i - 1] as TargetKey), toTarget(row)]));
  return keys.map(
    (key) =>
      found.get(keyOf(key)) ?? {
        isKeyValid: key.apiKeyHash === null ? null : false,
        event: null,
        subscriptions: [],
      },
  );
}

function toTarget(row: EmitTargetRow): EmitTarget {
  const event: EmitEvent | null = row.id
    ? {
        id: row.id,
        name: row.name,
        status: row.status,
        queueType: row.queue_type,
        bodyTemplate: row.body_template,
        enableCallbacks: row.enable_callbacks,
        priority: row.priority,
        messageTtl: row.message_ttl,
        maxRetries: row.max_retries,
        schemaValidation: row.schema_validation,
        schemaVersion: row.schema_version,
        schema: row.schema,
      }
    : null;
  return { isKeyValid: row.is_key_valid, event, subscriptions: row.subscriptions ?? [] };
}
