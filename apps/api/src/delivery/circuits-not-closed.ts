import type { DatabaseHandle } from '../db/client';
import { type CircuitRow, SELECT_NOT_CLOSED } from './circuit-sql';
import type { CircuitSnapshot } from './circuit-transition';

/**
 * This process's copy of the circuits that are not closed (a subscription absent from it is
 * closed), and the listeners told of the ones it sees open.
 */
export type CircuitsNotClosed = {
  get(subscriptionId: string): CircuitSnapshot | undefined;
  has(subscriptionId: string): boolean;
  entries(): IterableIterator<[string, CircuitSnapshot]>;
  /** Keeps the circuit as a statement answered it. */
  remember(row: CircuitRow): void;
  /** Drops the circuit: closed, or to look at again at the next refresh. */
  forget(subscriptionId: string): void;
  /** Tells the listeners these circuits have just been seen open. */
  announceOpened(subscriptionIds: string[]): void;
  onOpened(listener: (subscriptionIds: string[]) => void): void;
  /** Reads them again (others' transitions); those newly seen not closed are announced open. */
  refresh(): Promise<void>;
};

export function createCircuitsNotClosed(database: DatabaseHandle): CircuitsNotClosed {
  const notClosed = new Map<string, CircuitSnapshot>();
  const listeners: Array<(subscriptionIds: string[]) => void> = [];
  const remember = (row: CircuitRow) => {
    notClosed.set(row.subscription_id, toSnapshot(row));
  };
  const announceOpened = (subscriptionIds: string[]) => {
    if (subscriptionIds.length === 0) return;
    for (const listener of listeners) listener(subscriptionIds);
  };
  return {
    get: (subscriptionId) => notClosed.get(subscriptionId),
    has: (subscriptionId) => notClosed.has(subscriptionId),
    entries: () => notClosed.entries(),
    remember,
    forget(subscriptionId) {
      notClosed.delete(subscriptionId);
    },
    announceOpened,
    onOpened(listener) {
      listeners.push(listener);
    },
    async refresh() {
      const rows = await database.query<CircuitRow>(SELECT_NOT_CLOSED, [], 'circuits_not_closed');
      const wasClosed = rows
        .filter((row) => !notClosed.has(row.subscription_id))
        .map((row) => row.subscription_id);
      notClosed.clear();
      for (const row of rows) remember(row);
      announceOpened(wasClosed);
    },
  };
}

/** A circuit the database holds as not closed that this process has not read yet. */
export const UNSEEN_OPEN: CircuitSnapshot = {
  state: 'OPEN',
  openUntil: null,
  probeUntil: null,
  openCount: 0,
  openSince: null,
};

export const toSnapshot = (row: CircuitRow): CircuitSnapshot => ({
  state: row.state,
  openUntil: row.open_until ? new Date(row.open_until) : null,
  probeUntil: row.probe_until ? new Date(row.probe_until) : null,
  openCount: row.open_count,
  openSince: row.open_since ? new Date(row.open_since) : null,
});
