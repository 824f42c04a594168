import type { AppContext } from '../../context';
import { type Batcher, createBatcher } from '../../lib/batcher';
import { IDEMPOTENCY_WINDOW_MS } from '../../lib/idempotency-window';
import { workerIncarnation } from '../../lib/worker-identity';
import { expireIdempotencyKeys, insertEmits } from './batch-queries';
import type { EmitRecord } from './emit-rows';

const batchers = new WeakMap<AppContext, Batcher<EmitRecord, boolean>>();
const writers = new WeakMap<AppContext, { prefix: string; id: string }>();

/**
 * Who writes this process's event logs: `emit:<WORKER_ID>#<incarnation>`, one per process (per
 * context). Its next incarnation republishes at start what this one wrote and may not have published.
 */
export function emitWriter(ctx: AppContext) {
  let writer = writers.get(ctx);
  if (!writer) {
    writer = workerIncarnation('emit', ctx.config.workerName);
    writers.set(ctx, writer);
  }
  return writer;
}

/**
 * Records an emit: its occurrence and its delivery or event logs, atomically.
 * Concurrent emits are written together in one statement (group commit); one
 * bad record (an event deleted meanwhile, say) fails only its own emit.
 * False when the occurrence's idempotency key was already taken.
 */
export async function recordEmit(ctx: AppContext, record: EmitRecord): Promise<boolean> {
  let batcher = batchers.get(ctx);
  if (!batcher) {
    batcher = createBatcher(
      async (records: EmitRecord[]) => {
        const inserted = await insertTogether(ctx, records);
        return records.map((record) => inserted.has(record.occurrence.id));
      },
      { maxSize: 200, maxInFlight: 3, isolateFailures: true },
    );
    batchers.set(ctx, batcher);
  }
  return batcher.submit(record);
}

async function insertTogether(ctx: AppContext, records: EmitRecord[]): Promise<Set<string>> {
  const keyed = records.filter((record) => record.occurrence.idempotency_key !== null);
  if (keyed.length > 0) {
    const keys = keyed.map(({ occurrence }) => ({
      application_id: occurrence.application_id,
      idempotency_key: occurrence.idempotency_key,
    }));
    const cutoff = new Date(ctx.clock().getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
    await expireIdempotencyKeys(ctx.database, keys, cutoff);
  }
  const leaseUntil = new Date(ctx.clock().getTime() + ctx.config.DELIVERY_LEASE_MS);
  return insertEmits(ctx.database, records, leaseUntil, emitWriter(ctx).id);
}
