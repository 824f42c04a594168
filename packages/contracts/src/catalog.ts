import { z } from 'zod';
import { VISIBILITIES } from './enums';
import { SCHEMA_VALIDATION_MODES } from './event-schema';

/** One event as the catalogue shows it to a consumer: what its payload looks like. */
export const ZCatalogEvent = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string(),
  visibility: z.enum(VISIBILITIES),
  schema: z.record(z.string(), z.unknown()).nullable(),
  examples: z.array(z.unknown()),
  schemaVersion: z.number().int().nullable(),
  schemaValidation: z.enum(SCHEMA_VALIDATION_MODES),
  /** The body a subscriber receives when set (a template over the payload); null: the payload itself. */
  bodyTemplate: z.record(z.string(), z.unknown()).nullable(),
});
export type TCatalogEvent = z.infer<typeof ZCatalogEvent>;

/** GET /applications/{id}/catalog: the application's events the caller may read, by alias. */
export const ZCatalog = z
  .object({
    application: z.object({ id: z.string(), name: z.string() }),
    events: z.array(ZCatalogEvent),
  })
  .meta({ id: 'Catalog' });
export type TCatalog = z.infer<typeof ZCatalog>;

/** GET /applications/{id}/catalog/openapi.json: an OpenAPI 3.1 document, one webhook per event. */
export const ZCatalogOpenApi = z.record(z.string(), z.unknown()).meta({ id: 'CatalogOpenApi' });
