import {
  type EmitPayload,
  INTEGRATION_LANGUAGES,
  type IntegrationLanguage,
  isIntegrationLanguage,
} from '@wm/rules';
import { z } from 'zod';
import { ZRouteCore, ZRouteEventType, ZRouteField } from './routes';

/** The integration screen: code and sample payloads that post to /v1/emit-rules. */

export { INTEGRATION_LANGUAGES, type IntegrationLanguage, isIntegrationLanguage };

export const DEFAULT_INTEGRATION_LANGUAGE: IntegrationLanguage = 'javascript';
export const INTEGRATION_LANGUAGE_LABELS: Record<IntegrationLanguage, string> = {
  javascript: 'JavaScript',
  python: 'Python',
  curl: 'cURL',
};

export const INVALID_INTEGRATION_LANGUAGE = `Linguagem inválida: use ${INTEGRATION_LANGUAGES.join(', ')}`;

/** `GET /integration/routes/{id}/code?language` and `GET /integration/rules/{id}/code?language`. */
export const ZIntegrationCodeQuery = z.object({
  language: z
    .enum(INTEGRATION_LANGUAGES, { error: INVALID_INTEGRATION_LANGUAGE })
    .default(DEFAULT_INTEGRATION_LANGUAGE),
});
export type TIntegrationCodeQuery = z.infer<typeof ZIntegrationCodeQuery>;

/** `GET /integration/routes?applicationId`. */
export const ZIntegrationRoutesQuery = z.object({
  applicationId: z
    .string({ error: 'Aplicação é obrigatória' })
    .trim()
    .min(1, { error: 'Aplicação é obrigatória' })
    .pipe(z.uuid({ error: 'Aplicação inválida' })),
});
export type TIntegrationRoutesQuery = z.infer<typeof ZIntegrationRoutesQuery>;

/* ---------- responses (each under `data`) ---------- */

/** A route as the integration screen lists it: only its active event types and fields. */
export const ZIntegrationRoute = z
  .object({
    ...ZRouteCore,
    isActive: z.boolean(),
    eventTypes: z.array(ZRouteEventType),
    fields: z.array(ZRouteField),
  })
  .meta({ id: 'IntegrationRoute' });
export type TIntegrationRoute = z.infer<typeof ZIntegrationRoute>;

/** `code` is empty when there is nothing to post (a route without an active event type). */
export const ZIntegrationCode = z
  .object({ code: z.string(), language: z.enum(INTEGRATION_LANGUAGES) })
  .meta({ id: 'IntegrationCode' });
export type TIntegrationCode = z.infer<typeof ZIntegrationCode>;

/** The body the generated code posts to /v1/emit-rules. */
export const ZEmitPayload = z.object({
  eventType: z.string(),
  applicationId: z.string(),
  organizationId: z.string().optional(),
  externalEventId: z.string().optional(),
  data: z.unknown(),
}) satisfies z.ZodType<EmitPayload>;

/**
 * The envelope the code posts (null when there is nothing to post) and the route's active fields.
 * For a rule, `isMatching` says whether the payload fires it and `problems` (pt-BR) why not.
 */
export const ZIntegrationPayload = z
  .object({
    payload: ZEmitPayload.nullable(),
    fields: z.array(ZRouteField),
    isMatching: z.boolean().optional(),
    problems: z.array(z.string()).optional(),
  })
  .meta({ id: 'IntegrationPayload' });
export type TIntegrationPayload = z.infer<typeof ZIntegrationPayload>;

export const ZIntegrationRouteListAnswer = z.object({ data: z.array(ZIntegrationRoute) });
export const ZIntegrationCodeAnswer = z.object({ data: ZIntegrationCode });
export const ZIntegrationPayloadAnswer = z.object({ data: ZIntegrationPayload });
