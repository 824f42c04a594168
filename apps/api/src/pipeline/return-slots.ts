/** Past slots are forgotten once a key holds more than this many. */
const PRUNE_ABOVE = 256;

export type ReturnSlots = {
  /**
   * When a message of `key` wanting to come back at `wantedAt` (epoch ms) is due: then, or the start
   * of the first later slot with room. `now` lets the past slots go.
   */
  take(key: string, wantedAt: number, now: number): number;
};

/**
 * The times deferred messages come back, per key (a host): at most `perSlot` in each `slotMs`. The
 * messages of a blocked host, deferred together or towards one instant (the end of a cool-down),
 * come back spread out at that rate instead of as one wave lined up in the queue ahead of everyone
 * else's. Pure: the caller passes the times.
 */
export function createReturnSlots(options: { slotMs: number; perSlot: number }): ReturnSlots {
  const { slotMs, perSlot } = options;
  const byKey = new Map<string, Map<number, number>>();
  return {
    take(key, wantedAt, now) {
      let slots = byKey.get(key);
      if (!slots) {
        slots = new Map();
        byKey.set(key, slots);
      }
      if (slots.size > PRUNE_ABOVE) {
        const current = Math.floor(now / slotMs);
        for (const slot of slots.keys()) if (slot < current) slots.delete(slot);
      }
      let slot = Math.floor(wantedAt / slotMs);
      while ((slots.get(slot) ?? 0) >= perSlot) slot += 1;
      slots.set(slot, (slots.get(slot) ?? 0) + 1);
      return Math.max(wantedAt, slot * slotMs);
    },
  };
}
