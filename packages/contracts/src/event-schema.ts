import { z } from 'zod';
import { addIssue, byteLength, isBlank, jsonObjectField, parseJsonField } from './json-field';

/** OFF: no check; WARN: accepted and the violations kept; ENFORCE: refused with 422. */
export const SCHEMA_VALIDATION_MODES = ['OFF', 'WARN', 'ENFORCE'] as const;
export type SchemaValidationMode = (typeof SCHEMA_VALIDATION_MODES)[number];

/** A schema larger than this is refused: it is compiled in every process and kept in memory. */
export const MAX_EVENT_SCHEMA_BYTES = 64 * 1024;
export const MAX_EVENT_EXAMPLES = 5;

export const EVENT_SCHEMA_MESSAGE = 'O schema deve ser um objeto JSON válido.';
export const EVENT_SCHEMA_TOO_LARGE = 'O schema deve ter no máximo 64 KB.';
export const EVENT_EXAMPLES_MESSAGE = 'Os exemplos devem ser uma lista JSON de payloads.';
export const EVENT_EXAMPLES_TOO_MANY = 'Informe no máximo 5 exemplos.';
export const SCHEMA_VIOLATION_MESSAGE = 'Payload não corresponde ao schema do evento';
export const SCHEMA_REQUIRED_FOR_VALIDATION = 'Defina um schema para validar os payloads.';

/** A JSON Schema (an object) given as the object or as JSON text; '' or null → null. */
export const ZEventJsonSchema = jsonObjectField(EVENT_SCHEMA_MESSAGE, {
  maxBytes: MAX_EVENT_SCHEMA_BYTES,
  message: EVENT_SCHEMA_TOO_LARGE,
});

/** Up to five example payloads, given as a list or as JSON text; '' or null → []. */
export const ZEventExamples = z
  .unknown()
  .optional()
  .transform((value, ctx): unknown[] => {
    if (isBlank(value)) return [];
    const parsed = parseJsonField(value);
    if (!parsed.ok || !Array.isArray(parsed.value)) {
      addIssue(ctx, EVENT_EXAMPLES_MESSAGE);
      return z.NEVER;
    }
    if (parsed.value.length > MAX_EVENT_EXAMPLES) {
      addIssue(ctx, EVENT_EXAMPLES_TOO_MANY);
      return z.NEVER;
    }
    if (byteLength(parsed.value) > MAX_EVENT_SCHEMA_BYTES) {
      addIssue(ctx, 'Os exemplos devem ter no máximo 64 KB.');
      return z.NEVER;
    }
    return parsed.value;
  });

export const ZSchemaValidationMode = z.enum(SCHEMA_VALIDATION_MODES, {
  error: 'Modo de validação inválido. Use OFF, WARN ou ENFORCE.',
});

/** A validation mode other than OFF needs a schema to check against. */
export function checkSchemaRules(
  event: { schema: Record<string, unknown> | null; schemaValidation: SchemaValidationMode },
  ctx: z.RefinementCtx,
) {
  if (event.schemaValidation !== 'OFF' && !event.schema) {
    addIssue(ctx, SCHEMA_REQUIRED_FOR_VALIDATION, ['schemaValidation']);
  }
}

/** Where a payload breaks the schema: a JSON pointer (`/order/total`, '' for the root) and why. */
export const ZSchemaViolation = z.object({ path: z.string(), message: z.string() });
export type TSchemaViolation = z.infer<typeof ZSchemaViolation>;

export const ZBreakingChange = z.object({
  kind: z.enum(['REQUIRED_ADDED', 'TYPE_NARROWED', 'ENUM_VALUE_REMOVED', 'PROPERTY_REMOVED']),
  path: z.string(),
  message: z.string(),
});

/** One kept version of an event's schema; `breaking` compares it with the version before it. */
export const ZEventSchemaVersion = z
  .object({
    version: z.number().int(),
    schema: z.record(z.string(), z.unknown()).nullable(),
    breaking: z.boolean(),
    changes: z.array(ZBreakingChange),
    createdAt: z.string(),
  })
  .meta({ id: 'EventSchemaVersion' });
export type TEventSchemaVersion = z.infer<typeof ZEventSchemaVersion>;

export const ZEventSchemaVersionList = z
  .object({ data: z.array(ZEventSchemaVersion) })
  .meta({ id: 'EventSchemaVersionList' });
export type TEventSchemaVersionList = z.infer<typeof ZEventSchemaVersionList>;

/** A write's change of the schema: the new version and what it refuses that the one before accepted. */
export const ZEventSchemaChange = z.object({
  version: z.number().int(),
  breaking: z.boolean(),
  changes: z.array(ZBreakingChange),
});
export type TEventSchemaChange = z.infer<typeof ZEventSchemaChange>;

/** The schema fields of an event as the API answers them. */
export const ZEventSchemaFields = {
  schema: z.record(z.string(), z.unknown()).nullable(),
  examples: z.array(z.unknown()),
  schemaValidation: z.enum(SCHEMA_VALIDATION_MODES),
  /** Null until a schema is first set. */
  schemaVersion: z.number().int().nullable(),
  /** Only in the answer of a create or update that changed the schema. */
  schemaChange: ZEventSchemaChange.optional(),
};

/** The schema's text as the console's editor holds it: blank, or a JSON object within the size bound. */
export const ZEventSchemaText = z.string().superRefine((value, ctx) => {
  const checked = ZEventJsonSchema.safeParse(value);
  if (!checked.success) addIssue(ctx, checked.error.issues[0]?.message ?? EVENT_SCHEMA_MESSAGE);
});

/** The examples' text as the console's editor holds it: blank, or a JSON list of at most five. */
export const ZEventExamplesText = z.string().superRefine((value, ctx) => {
  const checked = ZEventExamples.safeParse(value);
  if (!checked.success) addIssue(ctx, checked.error.issues[0]?.message ?? EVENT_EXAMPLES_MESSAGE);
});
