import type { AppContext } from '../../context';
import type { events, subscriptions } from '../../db/schema';
import { type Batcher, createBatcher } from '../../lib/batcher';

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

type Row = {
  i: number;
  is_key_valid: boolean | null;
  id: string | null;
  name: string;
  status: string;
  queue_type: string;
  body_template: Record<string, unknown> | null;
  enable_callbacks: boolean;
  priority: number | null;
  message_ttl: number | null;
  max_retries: number | null;
  subscriptions: EmitSubscription[] | null;
};

// One round trip for the emit reads of a whole batch: per (application, alias, key hash) asked,
// the key check, the event and its subscriptions.
const LOAD_EMIT_TARGETS = `
  SELECT k.i::int AS i, a.api_key_hash = k.key_hash AS is_key_valid,
    e.id, e.name, e.status, e.queue_type, e.body_template, e.enable_callbacks,
    e.priority, e.message_ttl, e.max_retries,
    (SELECT json_agg(json_build_object('id', s.id, 'status', s.status, 'filters', s.filters,
        'jsonBody', s.json_body, 'targetUrl', s.target_url, 'httpMethod', s.http_method,
        'authType', s.auth_type, 'authDetails', s.auth_details, 'secret', s.secret)
        ORDER BY s.created_at, s.id)
      FROM subscriptions s WHERE s.event_id = e.id AND s.status IN ('ACTIVE', 'FAILED')) AS subscriptions
  FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS k(application_id, alias, key_hash, i)
  JOIN applications a ON a.id = k.application_id
  -- Both key columns from k, so the (application_id, alias) key is probed whatever the statistics say.
  LEFT JOIN events e ON e.application_id = k.application_id AND e.alias = k.alias`;

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
  const rows = await ctx.database.query<Row>(
    LOAD_EMIT_TARGETS,
    [
      distinct.map((key) => key.applicationId),
      distinct.map((key) => key.alias),
      distinct.map((key) => key.apiKeyHash),
    ],
    'load_emit_targets',
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

function toTarget(row: Row): EmitTarget {
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
