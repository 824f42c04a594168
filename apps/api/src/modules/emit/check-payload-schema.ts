import { SCHEMA_VIOLATION_MESSAGE, type TSchemaViolation } from '@wm/contracts';
import { LRUCache } from 'lru-cache';
import { schemaViolation } from '../../domain/errors';
import { compilePayloadCheck, type PayloadCheck } from '../../lib/json-schema';
import type { EmitEvent } from './emit-rows';

/** What a WARN or ENFORCE emit was checked against and what broke (always [] once ENFORCE passes). */
export type PayloadSchemaCheck = { version: number | null; violations: TSchemaViolation[] };

/** What carries a schema: an event, or a route event type (ids never clash: both are uuids). */
export type SchemaHolder = Pick<EmitEvent, 'id' | 'schemaValidation' | 'schemaVersion' | 'schema'>;

/**
 * Compiled checks per (event or route event type, schema version): compiling costs milliseconds, a check microseconds.
 * A new version is a new key, so a changed schema is compiled again when the emit-target cache
 * (emptied on every event change) hands the new version in; the old one ages out.
 */
const checks = new LRUCache<string, PayloadCheck>({ max: 2_000 });

/** Accepts everything: a schema saved before it could be compiled here is never a reason to refuse. */
const acceptAll: PayloadCheck = () => [];

function checkOf(event: SchemaHolder): PayloadCheck {
  const key = `${event.id}\n${event.schemaVersion}`;
  let check = checks.get(key);
  if (!check) {
    // Saving refuses a schema that does not compile, so this cannot fail for a schema saved here.
    check = event.schema ? compilePayloadCheck(event.schema) : acceptAll;
    checks.set(key, check);
  }
  return check;
}

/**
 * Checks an emitted payload against a WARN or ENFORCE event's schema: ENFORCE refuses a violation
 * with 422 SCHEMA_VIOLATION (nothing stored), WARN answers the violations to keep.
 */
export function checkPayloadSchema(event: SchemaHolder, data: unknown): PayloadSchemaCheck {
  const violations = findPayloadViolations(event, data);
  if (violations.length > 0 && event.schemaValidation === 'ENFORCE') {
    throw schemaViolation(SCHEMA_VIOLATION_MESSAGE, violations);
  }
  return { version: event.schemaVersion, violations };
}

/** Where `data` breaks the holder's schema ([] when it is valid, or when it has no schema). */
export function findPayloadViolations(holder: SchemaHolder, data: unknown): TSchemaViolation[] {
  return checkOf(holder)(data);
}

/** The schema columns of a checked payload: its version, and its violations when there are any. */
export function schemaColumns(check: PayloadSchemaCheck | null | undefined) {
  if (!check) return {};
  return {
    schema_version: check.version,
    schema_violations: check.violations.length > 0 ? check.violations : null,
  };
}
