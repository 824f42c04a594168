import { type Lookup, MISSING, NOT_FOUND, readOwnValue } from './own-property';
import { parsePath } from './parse-path';

/** Follows segments through own data properties only. */
export function getSegments(value: unknown, segments: readonly string[]): Lookup {
  const found = readSegments(value, segments);
  return found === MISSING ? NOT_FOUND : { found: true, value: found };
}

/** getSegments without the wrapper object, for hot loops: the value or MISSING. */
export function readSegments(value: unknown, segments: readonly string[]): unknown {
  let current = value;
  for (const segment of segments) {
    current = readOwnValue(current, segment);
    if (current === MISSING) return MISSING;
  }
  return current;
}

/**
 * Reads a dotted path (`user.name`, `items.0.id`, `items[0].id`) from a value. Never throws;
 * prototype keys (`__proto__`, `constructor`, `prototype`) and inherited or accessor properties
 * are never found; a malformed or empty path is not found.
 */
export function getPath(value: unknown, path: string): Lookup {
  const segments = parsePath(path);
  if (!segments) return { found: false, value: undefined };
  const result = getSegments(value, segments);
  return { found: result.found, value: result.value };
}
