import { hash, randomFillSync } from 'node:crypto';
import { V7Generator } from 'uuidv7';

/**
 * Random bits for the ids, drawn from the OS 4 KiB at a time: the library's default draws 32 bytes
 * per call, a system call every few ids on the emit and delivery paths (half an id's cost).
 */
const pool = new Uint32Array(1024);
let cursor = pool.length;
const generator = new V7Generator({
  nextUint32() {
    if (cursor >= pool.length) {
      randomFillSync(pool);
      cursor = 0;
    }
    return pool[cursor++] as number;
  },
});

/** Time-ordered UUIDv7: kind to b-tree indexes and sortable by creation. */
export const newId = (): string => generator.generate().toString();

const timedGenerator = new V7Generator({
  nextUint32() {
    if (cursor >= pool.length) {
      randomFillSync(pool);
      cursor = 0;
    }
    return pool[cursor++] as number;
  },
});

/**
 * A UUIDv7 stamped with `time` (the app's clock, not the system's): the log tables are partitioned
 * by day on id ranges, so a row's id must carry the time its partition and its expiry are read
 * from. Ids stay increasing while the clock does.
 */
export const newIdAt = (time: Date): string =>
  timedGenerator.generateOrResetCore(time.getTime(), 10_000).toString();

/**
 * The id of the one row `base` has per `key`: `base`'s timestamp (so it lands in the same day
 * partition) and bits hashed from both. Writing it twice is a conflict on the primary key, which a
 * partitioned table can enforce where a unique (base, key) index across partitions cannot.
 */
export function derivedId(base: string, key: string): string {
  // The one-shot hash: a third of createHash's cost, and the same digest.
  const digest = hash('sha256', `${base}\0${key}`, 'hex');
  const hex =
    base.replaceAll('-', '').slice(0, 12) +
    `7${digest.slice(0, 3)}` +
    ((Number.parseInt(digest[3] ?? '0', 16) & 0x3) | 0x8).toString(16) +
    digest.slice(4, 19);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The first id of the UTC day starting at `dayStartMs`: the bound of that day's partitions. */
export function idFloor(ms: number): string {
  const hex = `${Math.max(0, ms).toString(16).padStart(12, '0')}${'0'.repeat(20)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The time a UUIDv7 was stamped with. */
export const idTime = (id: string): Date =>
  new Date(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16));
