import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('answers distinct UUIDv7s in creation order across many refills of the random pool', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
