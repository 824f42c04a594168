import type { AppContext } from '../../context';
import type { events, subscriptions } from '../../db/schema';
import { type Batcher, createBatcher } from '../../lib/batcher';
import { type EmitTargetRow, selectEmitTargets } from './batch-queries';

export type EmitEvent = Pick<
  typeof events.$inferSelect,
  | 'id'
  | 'name'
  | 'status'
  | 'queueType'
  | 'bodyTemplate'
  | 'enableCallbacks'
  | 'priority'
  | 'messageTtl'
  | 'maxRetries'
>;

export type EmitSubscription = Pick<
  typeof subscriptions.$inferSelect,
  | 'id'
  | 'status'
  | 'filters'
  | 'jsonBody'
  | 'targetUrl'
  | 'httpMethod'
  | 'authType'
  | 'authDetails'
  | 'secret'
>;

export type EmitTarget = {
  /** False when the application does not exist or the key hash is not its key; null when no key was given. */
  isKeyValid: boolean | null;
  event: EmitEvent | null;
  /** ACTIVE and auto-disabled (FAILED) subscriptions, oldest first. */
  subscriptions: EmitSubscription[];
};

type TargetKey = { applicationId: string; alias: string; apiKeyHash: string | null };

const batchers = new WeakMap<AppContext, Batcher<TargetKey, EmitTarget>>();

/**
 * What an emit of `alias` by `applicationId` fans out to; `apiKeyHash` (SHA-256) is checked on
 * the way. Concurrent emits share one read, and emits of the same event share its answer.
 */
export async function loadEmitTarget(
  ctx: AppContext,
  applicationId: string,
  alias: string,
  apiKeyHash: string | null,
): Promise<EmitTarget> {
  let batcher = batchers.get(ctx);
  if (!batcher) {
    batcher = createBatcher((keys) => loadTargets(ctx, keys), {
      maxSize: 500,
      maxInFlight: 2,
      isolateFailures: true,
    });
    batchers.set(ctx, batcher);
  }
  return batcher.submit({ applicationId, alias, apiKeyHash });
}

async function loadTargets(ctx: AppContext, keys: TargetKey[]): Promise<EmitTarget[]> {
  const keyOf = (key: TargetKey) => `${key.applicationId}\n${key.alias}\n${key.apiKeyHash ?? ''}`;
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
      }
    : null;
  return { isKeyValid: row.is_key_valid, event, subscriptions: row.subscriptions ?? [] };
}
