import { describe, expect, it } from 'vitest';
import { createReturnSlots } from './return-slots';

const NOW = 1_000_000;

describe('createReturnSlots', () => {
  it('When a slot has room, then a message comes back at the time it wanted', () => {
    const slots = createReturnSlots({ slotMs: 100, perSlot: 2 });

    expect([slots.take('h', NOW + 130, NOW), slots.take('h', NOW + 170, NOW)]).toEqual([
      NOW + 130,
      NOW + 170,
    ]);
  });

  it('When its slot is full, then a message comes back at the start of the next slot with room', () => {
    const slots = createReturnSlots({ slotMs: 100, perSlot: 2 });
    const wanted = Array.from({ length: 5 }, () => slots.take('h', NOW + 150, NOW));

    expect(wanted).toEqual([NOW + 150, NOW + 150, NOW + 200, NOW + 200, NOW + 300]);
  });

  it("When another key's slots are full, then a key's messages keep their times", () => {
    const slots = createReturnSlots({ slotMs: 100, perSlot: 1 });
    for (let n = 0; n < 10; n++) slots.take('dead', NOW, NOW);

    expect(slots.take('healthy', NOW, NOW)).toBe(NOW);
  });

  it('When many slots are held, then the past ones are let go and those still ahead keep counting', () => {
    const slots = createReturnSlots({ slotMs: 10, perSlot: 1 });
    for (let n = 0; n < 300; n++) slots.take('h', NOW + n * 10, NOW);
    const later = NOW + 1_500;

    // The slots from `later` on are still full: the first free one is after the last.
    expect(slots.take('h', later, later)).toBe(NOW + 3_000);
  });
});
