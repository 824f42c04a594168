import type { AppContext } from '../../context';
import { createBatcher } from '../../lib/batcher';
import { IDEMPOTENCY_WINDOW_MS } from '../../lib/idempotency-window';
import { workerIncarnation } from '../../lib/worker-identity';
import { expireIdempotencyKeys, insertEmits } from './batch-queries';
import type { EmitRecorder } from './emit-dependencies';
import type { EmitRecord } from './emit-rows';

type RecorderDeps = Pick<AppContext, 'config' | 'database' | 'clock'>;

/**
 * Records an emit: its occurrence and its delivery or event logs, atomically.
 * Concurrent emits are written together in one statement (group commit); one
 * bad record (an event deleted meanwhile, say) fails only its own emit.
 * False when the occurrence's idempotency key was already taken.
 */
export function recordEmit(ctx: AppContext, record: EmitRecord): Promise<boolean> {
  return ctx.emitRecorder.record(record);
}

/** The context's writer of emits (see EmitRecorder); holds no connection. */
export function createEmitRecorder(ctx: RecorderDeps): EmitRecorder {
  const writer = workerIncarnation('emit', ctx.config.workerName);
  const write = async (records: EmitRecord[]) => {
    const inserted = await insertTogether(ctx, writer.id, records);
    return records.map((record) => inserted.has(record.occurrence.id));
  };
  const batcher = createBatcher(write, { maxSize: 200, maxInFlight: 3, isolateFailures: true });
  // FIFO emits are written one batch at a time: a batch's place in the emit order is taken when it
  // commits, so no later batch can commit its keys' deliveries before an earlier one's.
  const fifoBatcher = createBatcher(write, { maxSize: 200, maxInFlight: 1, isolateFailures: true });
  return {
    writer,
    record: (record) => (isFifoRecord(record) ? fifoBatcher : batcher).submit(record),
    stop: async () => {
      await Promise.all([batcher.drain(), fifoBatcher.drain()]);
    },
  };
}

const isFifoRecord = (record: EmitRecord) => record.deliveryLogs[0]?.ordering_key !== undefined;

async function insertTogether(
  ctx: RecorderDeps,
  writerId: string,
  records: EmitRecord[],
): Promise<Set<string>> {
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
  return insertEmits(ctx.database, records, leaseUntil, writerId);
}
