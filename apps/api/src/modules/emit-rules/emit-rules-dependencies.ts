import type { SchemaHolder } from '../emit/check-payload-schema';

// The emit-rules schemas' cache as the context holds it (types only: context.ts imports this file,
// and the file that builds it imports the context).

export type RulesSchemas = {
  /**
   * The application's active route event types of `alias` whose schema checks what is posted to
   * /v1/emit-rules (WARN or ENFORCE), oldest first: several routes may name the same type.
   */
  checkingTypes(applicationId: string, alias: string): Promise<readonly SchemaHolder[]>;
  /** Stops listening for changes (if it had started); later lookups load every time. */
  stop(): Promise<void>;
};
