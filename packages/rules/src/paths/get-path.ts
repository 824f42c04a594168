import { type Lookup, NOT_FOUND, readOwnProperty } from './own-property';
import { parsePath } from './parse-path';

/** Follows segments through own data properties only. */
export function getSegments(value: unknown, segments: readonly string[]): Lookup {
  let current: Lookup = { found: true, value };
  for (const segment of segments) {
    current = readOwnProperty(current.value, segment);
    if (!current.found) return NOT_FOUND;
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
