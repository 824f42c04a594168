import { isArrayIndex, isForbiddenKey, isPlainObject, setOwnProperty } from '../paths/own-property';
import { parsePath } from '../paths/parse-path';

export type SampleFieldType = 'string' | 'number' | 'boolean' | 'array' | 'object';
export type SampleField = { path: string; type: SampleFieldType };

/** Largest array index a sample path may use (keeps `items.99999` from building a huge array). */
const MAX_SAMPLE_INDEX = 99;

/**
 * An example payload for a route's fields: each dotted path (`data.message.text`, `items[0].id`)
 * becomes nested objects — arrays where the next segment is an index — ending in a plausible
 * value for its type. When fields overlap, containers win over scalars so every path stays
 * readable. Malformed paths and prototype keys are skipped; a leading `$.` is accepted.
 */
export function buildSamplePayload(fields: readonly SampleField[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  if (!Array.isArray(fields)) return root;
  for (const field of fields) {
    if (typeof field !== 'object' || field === null) continue;
    const segments = parsePath(stripRootMarker(field.path));
    if (!segments || segments.some(isForbiddenKey) || segments.some(isTooLargeIndex)) continue;
    placeSample(root, segments, field.type);
  }
  return root;
}

/** The value shown for a field of the given type; `name` is the last path segment. */
export function sampleValueFor(type: unknown, name: string): unknown {
  switch (type) {
    case 'number':
      return /(price|amount|total|valor|preco|preço)/i.test(name) ? 99.9 : 123;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return sampleText(name);
  }
}

function sampleText(name: string): string {
  const lower = name.toLowerCase();
  if (lower.includes('email')) return 'usuario@exemplo.com';
  if (lower.includes('url') || lower.includes('link')) return 'https://exemplo.com';
  if (name.endsWith('At') || lower.endsWith('_at') || lower.includes('date') || lower.includes('time')) {
    return '2024-01-01T12:00:00.000Z';
  }
  if (lower === 'id' || lower.endsWith('id')) return 'abc123';
  if (lower.includes('phone') || lower.includes('telefone')) return '+5511999999999';
  if (lower.includes('name') || lower.includes('nome')) return 'Exemplo';
  return 'exemplo';
}

type Container = Record<string, unknown> | unknown[];

function placeSample(root: Record<string, unknown>, segments: string[], type: unknown): void {
  let container: Container = root;
  for (const [i, key] of segments.entries()) {
    const nextKey = segments[i + 1];
    if (nextKey === undefined) {
      // An existing container means deeper fields were placed already; keep them.
      if (!isContainer(readSlot(container, key))) writeSlot(container, key, sampleValueFor(type, key));
      return;
    }
    const existing = readSlot(container, key);
    const next: Container = isContainer(existing) ? existing : isArrayIndex(nextKey) ? [] : {};
    if (next !== existing) writeSlot(container, key, next);
    container = next;
  }
}

function isContainer(value: unknown): value is Container {
  return Array.isArray(value) || isPlainObject(value);
}

function readSlot(container: Container, key: string): unknown {
  return Object.hasOwn(container, key) ? (container as Record<string, unknown>)[key] : undefined;
}

function writeSlot(container: Container, key: string, value: unknown): void {
  if (Array.isArray(container)) {
    if (!isArrayIndex(key)) return;
    const index = Number(key);
    // Fill gaps so the sample serialises without holes.
    while (container.length < index) container.push(null);
    container[index] = value;
  } else {
    setOwnProperty(container, key, value);
  }
}

function stripRootMarker(path: unknown): unknown {
  if (typeof path !== 'string') return path;
  if (path.startsWith('$.')) return path.slice(2);
  return path;
}

function isTooLargeIndex(segment: string): boolean {
  return isArrayIndex(segment) && Number(segment) > MAX_SAMPLE_INDEX;
}
