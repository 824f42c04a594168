/** How deep a pasted example is described: deeper values get an empty schema (anything). */
const MAX_DEPTH = 16;

const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * A JSON Schema 2020-12 describing `example`, for the event form's "Gerar a partir de um exemplo":
 * every property present becomes required with its type, integers are `integer`, an array's items
 * merge the types its elements have. A starting point the author then loosens or tightens.
 */
export function inferSchema(example: unknown): Record<string, unknown> {
  return { $schema: SCHEMA_DIALECT, ...describe(example, 0) };
}

function describe(value: unknown, depth: number): Record<string, unknown> {
  if (depth > MAX_DEPTH) return {};
  if (value === null) return { type: 'null' };
  if (Array.isArray(value)) return describeArray(value, depth);
  switch (typeof value) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: Number.isInteger(value) ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'object':
      return describeObject(value as Record<string, unknown>, depth);
    default:
      return {};
  }
}

function describeObject(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  const keys = Object.keys(value);
  return {
    type: 'object',
    properties: Object.fromEntries(keys.map((key) => [key, describe(value[key], depth + 1)])),
    required: keys,
  };
}

function describeArray(values: unknown[], depth: number): Record<string, unknown> {
  if (values.length === 0) return { type: 'array' };
  const variants = new Map<string, Record<string, unknown>>();
  for (const item of values) {
    const schema = describe(item, depth + 1);
    const key = JSON.stringify(schema);
    if (!variants.has(key)) variants.set(key, schema);
  }
  const distinct = [...variants.values()];
  return { type: 'array', items: distinct.length === 1 ? distinct[0] : mergeVariants(distinct) };
}

/** Items of several shapes: one type list when they are plain types, else any of the shapes. */
function mergeVariants(schemas: Record<string, unknown>[]): Record<string, unknown> {
  const isPlain = schemas.every(
    (schema) => Object.keys(schema).length === 1 && typeof schema.type === 'string',
  );
  if (isPlain) {
    const types = [...new Set(schemas.map((schema) => schema.type as string))];
    // An integer among numbers is a number.
    const merged = types.includes('number') ? types.filter((type) => type !== 'integer') : types;
    return merged.length === 1 ? { type: merged[0] } : { type: merged };
  }
  return { anyOf: schemas };
}
