import { randomBytes } from 'node:crypto';

/**
 * The lease owner of one worker of this process: `<kind>:<stable name>#<incarnation>`. The stable
 * part is the same after a restart (WORKER_ID), the incarnation is new each start, so a new
 * incarnation can find, by `prefix`, the leases a crashed one left and take them back at once.
 */
export function workerIncarnation(kind: string, stableName: string) {
  const prefix = `${kind}:${stableName}#`;
  return { prefix, id: `${prefix}${randomBytes(4).toString('hex')}` };
}
