import { isArrayIndex, isForbiddenKey, isPlainObject, setOwnProperty } from '../paths/own-property';
import { parsePath } from '../paths/parse-path';
import { buildSamplePayload, type SampleField } from '../samples/build-sample-payload';

/** What the generated code posts to `/v1/emit-rules`. */
export type EmitPayload = {
  eventType: string;
  applicationId: string;
  organizationId?: string;
  externalEventId?: string;
  data: unknown;
};

/** Envelope keys other than `data`: the envelope itself sets them, not the sample data. */
const ENVELOPE_ONLY_KEYS: ReadonlySet<string> = new Set([
  'eventType',
  'applicationId',
  'organizationId',
  'externalEventId',
]);
/** Largest array index a generated path may use (keeps `items.99999` from building a huge array). */
export const MAX_PAYLOAD_INDEX = 99;

/**
 * The example envelope for a route: `data` is the nested object built from the fields' paths
 * (`data.message.text` and `message.text` both land in `data.message.text`) with a sample value of
 * each field's type. Paths naming another envelope key (`eventType`) are left to the envelope.
 * An `example` of the event type (an object, from its schema's examples) is the data instead: a
 * real payload says more than generated values. Identical input gives identical output.
 */
export function buildRoutePayload(
  fields: readonly SampleField[],
  alias: string,
  applicationId: string,
  example?: unknown,
): EmitPayload {
  if (isPlainObject(example)) {
    return {
      eventType: typeof alias === 'string' ? alias : '',
      applicationId: typeof applicationId === 'string' ? applicationId : '',
      data: structuredClone(example),
    };
  }
  const dataFields: SampleField[] = [];
  for (const field of Array.isArray(fields) ? fields : []) {
    if (typeof field !== 'object' || field === null) continue;
    const segments = toDataSegments(field.path);
    if (segments && segments.length > 0) dataFields.push({ path: segments.join('.'), type: field.type });
  }
  return {
    eventType: typeof alias === 'string' ? alias : '',
    applicationId: typeof applicationId === 'string' ? applicationId : '',
    data: buildSamplePayload(dataFields),
  };
}

/**
 * Segments of a field path relative to `data`: `data.a.b` and `a.b` → `['a', 'b']`, `data` → `[]`;
 * null for malformed paths and for other envelope keys.
 */
export function toDataSegments(path: unknown): string[] | null {
  if (typeof path !== 'string') return null;
  const segments = parsePath(path.startsWith('$.') ? path.slice(2) : path);
  if (!segments || segments.some(isForbiddenKey)) return null;
  const [root] = segments;
  if (root !== undefined && ENVELOPE_ONLY_KEYS.has(root)) return null;
  return root === 'data' ? segments.slice(1) : segments;
}

/**
 * Sets `value` at `segments` inside `root`, creating objects (or arrays before an index) and
 * replacing scalars in the way. False when an index is too large or a key cannot be written.
 */
export function placeValue(
  root: Record<string, unknown>,
  segments: readonly string[],
  value: unknown,
): boolean {
  if (segments.length === 0 || segments.some(isForbiddenKey)) return false;
  let container: Record<string, unknown> | unknown[] = root;
  for (const [i, key] of segments.entries()) {
    const nextKey = segments[i + 1];
    if (nextKey === undefined) return writeSlot(container, key, value);
    const next: unknown = readSlot(container, key);
    if (Array.isArray(next) || isPlainObject(next)) {
      container = next;
      continue;
    }
    const created: Record<string, unknown> | unknown[] = isArrayIndex(nextKey) ? [] : {};
    if (!writeSlot(container, key, created)) return false;
    container = created;
  }
  return true;
}

function readSlot(container: Record<string, unknown> | unknown[], key: string): unknown {
  return Object.hasOwn(container, key) ? (container as Record<string, unknown>)[key] : undefined;
}

function writeSlot(container: Record<string, unknown> | unknown[], key: string, value: unknown): boolean {
  if (!Array.isArray(container)) {
    setOwnProperty(container, key, value);
    return true;
  }
  if (!isArrayIndex(key) || Number(key) > MAX_PAYLOAD_INDEX) return false;
  const index = Number(key);
  // Fill gaps so the payload serialises without holes.
  while (container.length < index) container.push(null);
  container[index] = value;
  return true;
}
