import { randomFillSync } from 'node:crypto';
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
