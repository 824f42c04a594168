import type { AppContext } from '../../context';
import { createChangeCacheOnFirstRead } from '../../db/change-cache';
import { CHANGE_CHANNELS } from '../../db/change-channel';
import { createBatcher } from '../../lib/batcher';
import { type EmitTargetRow, selectEmitTargets } from './batch-queries';
import type { EmitTarget, EmitTargetKey, EmitTargets } from './emit-dependencies';
import type { EmitEvent } from './emit-rows';

/** Targets kept at most; past it the oldest is forgotten (each reload is one batched read). */
const MAX_ENTRIES = 10_000;

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
  return ctx.emitTargets.get({ applicationId, alias, apiKeyHash });
}

/**
 * The context's emit targets. The cache listens (a connection of its own on PostgreSQL) from the
 * first emit, so a context that never emits holds none; once stopped, every read loads.
 */
export function createEmitTargets(
  ctx: Pick<AppContext, 'database' | 'logger' | 'localChanges'>,
): EmitTargets {
  const batcher = createBatcher((keys: EmitTargetKey[]) => loadTargets(ctx, keys), {
    maxSize: 500,
    maxInFlight: 2,
    isolateFailures: true,
  });
  const cache = createChangeCacheOnFirstRead(ctx, {
    channel: CHANGE_CHANNELS.emitTargets,
    label: 'emit targets',
    keyOf,
    load: (key: EmitTargetKey) => batcher.submit(key),
    maxEntries: MAX_ENTRIES,
  });
  return { get: (key) => cache.get(key), stop: () => cache.stop() };
}

const keyOf = (key: EmitTargetKey) => `${key.applicationId}\n${key.alias}\n${key.apiKeyHash ?? ''}`;

async function loadTargets(ctx: Pick<AppContext, 'database'>, keys: EmitTargetKey[]): Promise<EmitTarget[]> {
  const distinct = [...new Map(keys.map((key) => [keyOf(key), key])).values()];
  const rows = await selectEmitTargets(
    ctx.database,
    distinct.map((key) => key.applicationId),
    distinct.map((key) => key.alias),
    distinct.map((key) => key.apiKeyHash),
  );
  const found = new Map(rows.map((row) => [keyOf(distinct[row.i - 1] as EmitTargetKey), toTarget(row)]));
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
