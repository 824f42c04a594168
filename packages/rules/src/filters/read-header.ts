import { type Lookup, NOT_FOUND, ownDataEntries, readOwnProperty } from '../paths/own-property';
import { toComparableText } from '../values/to-text';

/**
 * Header lookup: the lower-cased name first (how Node presents incoming headers), then the exact
 * name, then any key equal ignoring case (headers typed by hand in the console's test data).
 * A multi-valued header is joined with ', ' as HTTP folds it. Empty/undefined entries fall
 * through to the next rule.
 */
export function readHeader(headers: unknown, name: string): Lookup {
  if (typeof headers !== 'object' || headers === null || name.length === 0) return NOT_FOUND;
  const lower = name.toLowerCase();
  for (const candidate of lower === name ? [name] : [lower, name]) {
    const lookup = readOwnProperty(headers, candidate);
    if (lookup.found && lookup.value !== undefined)
      return { found: true, value: normalizeHeaderValue(lookup.value) };
  }
  for (const [key, value] of ownDataEntries(headers)) {
    if (value !== undefined && key.toLowerCase() === lower) {
      return { found: true, value: normalizeHeaderValue(value) };
    }
  }
  return NOT_FOUND;
}

function normalizeHeaderValue(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((part) => (part === null ? '' : toComparableText(part))).join(', ');
}
