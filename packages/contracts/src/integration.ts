import {
  type EmitPayload,
  INTEGRATION_LANGUAGES,
  type IntegrationLanguage,
  isIntegrationLanguage,
} from '@wm/rules';
import { z } from 'zod';
import type { RouteMethod, TRouteEventType, TRouteField } from './routes';

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
export type TIntegrationRoute = {
  id: string;
  name: string;
  description: string | null;
  endpoint: string;
  method: RouteMethod;
  applicationId: string;
  isActive: boolean;
  eventTypes: TRouteEventType[];
  fields: TRouteField[];
};

/** `code` is empty when there is nothing to post (a route without an active event type). */
export type TIntegrationCode = { code: string; language: IntegrationLanguage };

/**
 * The envelope the code posts (null when there is nothing to post) and the route's active fields.
 * For a rule, `isMatching` says whether the payload fires it and `problems` (pt-BR) why not.
 */
export type TIntegrationPayload = {
  payload: EmitPayload | null;
  fields: TRouteField[];
  isMatching?: boolean;
  problems?: string[];
};
