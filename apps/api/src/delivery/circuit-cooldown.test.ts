import { describe, expect, it } from 'vitest';
import { circuitCooldownMs } from './circuit-cooldown';

describe('circuitCooldownMs', () => {
  it('When a circuit opens again and again, then its cool-down doubles up to the maximum', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 10, 80].map((count) => circuitCooldownMs(count, 1_000, 5_000, middle))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000, 5_000,
    ]);
  });

  it('When circuits open together, then their cool-downs spread within ±20 %', () => {
    expect(circuitCooldownMs(0, 10_000, 60_000, () => 0)).toBe(8_000);
    expect(circuitCooldownMs(0, 10_000, 60_000, () => 0.999_999)).toBe(12_000);
  });
});
