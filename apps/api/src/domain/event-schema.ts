import {
  compilePayloadCheck,
  findMetaSchemaFaults,
  type PayloadCheck,
  type SchemaFault,
} from '../lib/json-schema';
import { validationError } from './errors';

/** A JSON pointer as the API's validation answers write paths: `schema.properties.id`. */
const toDetail = (field: string, fault: SchemaFault) => ({
  path: [field, ...fault.path.split('/').filter(Boolean)].join('.'),
  message: fault.message,
});

/**
 * Refuses (400, with the path of each fault) a schema that is not a JSON Schema 2020-12 or does not
 * compile, and examples that break it. Answers the compiled check.
 */
export function checkEventSchema(schema: Record<string, unknown>, examples: unknown[]): PayloadCheck {
  const faults = findMetaSchemaFaults(schema);
  if (faults.length > 0) {
    const details = faults.map((fault) => toDetail('schema', fault));
    throw validationError(`Schema inválido em ${details[0]?.path}: ${faults[0]?.message}`, details);
  }
  let check: PayloadCheck;
  try {
    check = compilePayloadCheck(schema);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw validationError(`O schema não pôde ser compilado: ${message}`, [{ path: 'schema', message }]);
  }
  examples.forEach((example, index) => {
    const exampleFaults = check(example);
    if (exampleFaults.length > 0) {
      const details = exampleFaults.map((fault) => toDetail(`examples.${index}`, fault));
      throw validationError(
        `O exemplo ${index + 1} não corresponde ao schema (${details[0]?.path}: ${exampleFaults[0]?.message})`,
        details,
      );
    }
  });
  return check;
}

/** Whether two JSON values are equal whatever the order of their keys (jsonb does not keep it). */
export function isSameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
