export type Lookup = { found: boolean; value: unknown };

export const NOT_FOUND: Lookup = Object.freeze({ found: false, value: undefined });

/** Keys that could reach the prototype chain; paths and templates never read or write them. */
export function isForbiddenKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/** A plain data record: `{}`, `Object.create(null)` or JSON.parse output — not class instances. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Canonical array index: '0', '1', '42' — not '01', '-1', '1.0'. */
export function isArrayIndex(key: string): boolean {
  if (key.length === 0 || key.length > 10) return false;
  if (key.length > 1 && key.charCodeAt(0) === 48) return false;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** What readOwnValue answers when nothing is found (a value itself may be undefined). */
export const MISSING: unique symbol = Symbol('missing');

/**
 * Reads one own, enumerable data property (array element or record key). Getters are never
 * invoked and prototype keys are never found, so reading user-controlled paths executes nothing.
 */
export function readOwnProperty(container: unknown, key: string): Lookup {
  const value = readOwnValue(container, key);
  return value === MISSING ? NOT_FOUND : { found: true, value };
}

/** readOwnProperty without the wrapper object, for hot loops: the value or MISSING. */
export function readOwnValue(container: unknown, key: string): unknown {
  if (typeof container !== 'object' || container === null || isForbiddenKey(key)) return MISSING;
  try {
    if (Array.isArray(container) && !isArrayIndex(key)) return MISSING;
    const descriptor = Object.getOwnPropertyDescriptor(container, key);
    if (!descriptor?.enumerable || !('value' in descriptor)) return MISSING;
    return descriptor.value;
  } catch {
    // Exotic objects (proxies) may throw on introspection; they hold no readable data for us.
    return MISSING;
  }
}

/** Own enumerable data entries of a record, skipping accessors (never invoked). */
export function ownDataEntries(record: object): Array<[string, unknown]> {
  const entries: Array<[string, unknown]> = [];
  try {
    for (const key of Object.keys(record)) {
      const descriptor = Object.getOwnPropertyDescriptor(record, key);
      if (descriptor && 'value' in descriptor) entries.push([key, descriptor.value]);
    }
    return entries;
  } catch {
    // See readOwnProperty: exotic objects yield what was read so far.
    return entries;
  }
}

/** Assigns without triggering the `__proto__` setter (JSON.parse can produce an own `__proto__` key). */
export function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
