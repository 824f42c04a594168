import { settleWithin } from '../lib/settle-within';

/** The pool's sends in flight: their tasks, to wait for, and their deliveries, to give back. */
export type InFlightSends = {
  /** Runs `send` for `deliveryId`; once it has ended and left the count, `onEnded` runs. */
  run(deliveryId: string, send: () => Promise<void>, onEnded: () => void): void;
  readonly size: number;
  /** The deliveries being sent. */
  ids(): string[];
  /** True when the sends in flight finished within graceMs. */
  settle(graceMs: number): Promise<boolean>;
};

export function createInFlightSends(): InFlightSends {
  const tasks = new Set<Promise<void>>();
  const deliveryIds = new Set<string>();
  return {
    run(deliveryId, send, onEnded) {
      deliveryIds.add(deliveryId);
      const task = send().finally(() => {
        tasks.delete(task);
        deliveryIds.delete(deliveryId);
        onEnded();
      });
      tasks.add(task);
    },
    get size() {
      return tasks.size;
    },
    ids: () => [...deliveryIds],
    settle: (graceMs) => settleWithin(tasks, graceMs),
  };
}
