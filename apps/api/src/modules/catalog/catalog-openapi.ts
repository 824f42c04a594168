import type { TCatalog, TCatalogEvent } from '@wm/contracts';

/** The Standard Webhooks headers every delivery carries: how a receiver checks where it came from. */
const SIGNATURE_HEADERS = [
  ['webhook-id', 'Identificador único da entrega (o mesmo em cada nova tentativa)'],
  ['webhook-timestamp', 'Segundos desde 1970 quando a entrega foi assinada'],
  ['webhook-signature', 'Assinatura HMAC-SHA256 (v1,<base64>) do id, do timestamp e do corpo'],
].map(([name, description]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}));

/** A component name from an alias: OpenAPI allows only `[A-Za-z0-9._-]`, which aliases already are. */
const componentOf = (alias: string) => `${alias}.payload`;

function payloadSchemaOf(event: TCatalogEvent): Record<string, unknown> {
  if (event.bodyTemplate) {
    return {
      type: 'object',
      description: `Corpo montado pelo template do evento sobre o payload: ${JSON.stringify(event.bodyTemplate)}`,
    };
  }
  return event.schema ?? { description: 'Evento sem schema: qualquer JSON' };
}

function webhookOf(event: TCatalogEvent) {
  const examples = Object.fromEntries(
    (event.bodyTemplate ? [] : event.examples).map((value, index) => [`exemplo${index + 1}`, { value }]),
  );
  return {
    post: {
      operationId: `webhook.${event.alias}`,
      summary: event.name,
      description: `Evento \`${event.alias}\`${event.schemaVersion ? ` (schema versão ${event.schemaVersion})` : ''}.`,
      parameters: SIGNATURE_HEADERS,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: `#/components/schemas/${componentOf(event.alias)}` },
            ...(Object.keys(examples).length > 0 ? { examples } : {}),
          },
        },
      },
      responses: {
        '2XX': { description: 'Entrega recebida' },
        '410': { description: 'O receptor não quer mais entregas: a assinatura é desativada' },
      },
    },
  };
}

/**
 * An OpenAPI 3.1 document of the catalogue: one `webhooks` entry per event (what its subscribers
 * receive), its payload schema under `components.schemas` so `openapi-typescript` names a type per
 * event. JSON Schema 2020-12 is OpenAPI 3.1's own dialect, so schemas go in as saved.
 */
export function toCatalogOpenApi(catalog: TCatalog): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: `Catálogo de eventos: ${catalog.application.name}`,
      version: String(Math.max(0, ...catalog.events.map((event) => event.schemaVersion ?? 0))),
      description: 'Eventos que esta aplicação envia por webhook, com o payload de cada um.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths: {},
    webhooks: Object.fromEntries(catalog.events.map((event) => [event.alias, webhookOf(event)])),
    components: {
      schemas: Object.fromEntries(
        catalog.events.map((event) => [componentOf(event.alias), payloadSchemaOf(event)]),
      ),
    },
  };
}
