const JITTER = 0.2;

/**
 * How long a circuit stays open after its `openCount`-th opening in a row (0-based): the base,
 * doubled each time, at most `maxMs`, ±20 % jitter so circuits opened together do not probe together.
 */
export function circuitCooldownMs(
  openCount: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.min(openCount, 30));
  return Math.round(delay * (1 - JITTER + 2 * JITTER * random()));
}
