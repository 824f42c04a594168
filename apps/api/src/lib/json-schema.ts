import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describeSchemaFault } from './schema-fault-messages';

/** Where a value breaks a schema: a JSON pointer ('' is the root) and why, in pt-BR. */
export type SchemaFault = { path: string; message: string };

/** Faults listed at most: an answer stays small whatever the payload. */
const MAX_FAULTS = 20;

// One instance per process: compiling is the cost, and each compiled check is kept by its caller.
// `strict: false` lets a schema carry keywords of its own (`x-…`, `examples`), as JSON Schema allows.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

function toFaults(errors: ErrorObject[] | null | undefined): SchemaFault[] {
  return (errors ?? []).slice(0, MAX_FAULTS).map(describeSchemaFault);
}

/** The faults of `schema` against the JSON Schema 2020-12 meta-schema; [] when it is a valid schema. */
export function findMetaSchemaFaults(schema: Record<string, unknown>): SchemaFault[] {
  try {
    return ajv.validateSchema(schema) ? [] : toFaults(ajv.errors);
  } catch (error) {
    // A `$schema` naming a meta-schema this validator does not hold.
    return [{ path: '/$schema', message: error instanceof Error ? error.message : String(error) }];
  }
}

export type PayloadCheck = (payload: unknown) => SchemaFault[];

/**
 * Compiles `schema` into a check answering the faults of a payload ([] when it is valid); throws
 * when the schema does not compile (an unknown `$ref`, a bad pattern). The compiled function is
 * the caller's to keep: the shared instance forgets the schema, so ids never clash.
 */
export function compilePayloadCheck(schema: Record<string, unknown>): PayloadCheck {
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } finally {
    ajv.removeSchema(schema);
  }
  return (payload) => (validate(payload) ? [] : toFaults(validate.errors));
}
