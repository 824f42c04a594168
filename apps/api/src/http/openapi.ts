import { ZErrorResponse } from '@wm/contracts';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** How a caller authenticates; the names are those of components.securitySchemes. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'Token de sessão devolvido por POST /v1/auth/login',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'Chave de API da aplicação (emissão de eventos)',
  },
} as const;

/** A signed-in session. */
/** A signed-in session. */
export const SESSION_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }];
/** The application's API key, or a session of a member who may write. */
export const EMIT_SECURITY: Record<string, string[]>[] = [{ apiKey: [] }, { bearerAuth: [] }];
/** No credentials. */
export const PUBLIC_SECURITY: Record<string, string[]>[] = [];

/** An answer without a body (204). */
export const NO_CONTENT = z.undefined();

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * `{error, code, details?}` for the statuses a route answers besides those every route may
 * answer: 400 (an invalid URL, query or body), 500 and 503 (the database unavailable).
 */
export function errorResponses(...statuses: ErrorStatus[]) {
  const all = new Set<ErrorStatus>([400, ...statuses, 500, 503]);
  return Object.fromEntries([...all].sort().map((status) => [status, ZErrorResponse])) as Record<
    ErrorStatus,
    typeof ZErrorResponse
  >;
}

/** What a session route answers at least: no or an expired session is 401. */
export const sessionErrors = (...statuses: ErrorStatus[]) => errorResponses(401, ...statuses);

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'Sucesso',
  201: 'Criado',
  202: 'Aceito para processamento',
  204: 'Sem conteúdo',
  400: 'Requisição inválida (URL, parâmetros ou corpo)',
  401: 'Sessão ou chave ausente ou inválida',
  403: 'Sem permissão para esta ação',
  404: 'Não encontrado (ou não visível para quem chama)',
  405: 'Método não aceito por esta rota',
  409: 'Conflito com o estado atual',
  413: 'Corpo da requisição muito grande',
  415: 'Tipo de conteúdo não suportado; use application/json',
  422: 'Ação não permitida para este registro',
  429: 'Muitas requisições',
  500: 'Erro interno do servidor',
  503: 'Serviço temporariamente indisponível',
};

type Operation = { responses?: Record<string, { description?: string }> };
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

/** Names of the components the document reaches from its paths, following refs between components. */
function referencedComponents(document: Document) {
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (value: unknown) => {
    const refs = JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g);
    for (const [, name] of refs) {
      if (name && !reached.has(name)) {
        reached.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(document.paths);
  return reached;
}

/**
 * The document's components from the named zod schemas, keeping only those the paths use (each
 * schema is registered for input and output; answers use the output ones), and a pt-BR
 * description on every response.
 */
/**
 * OpenAPI 3.0 validators (and generated clients) accept `null` for a nullable enum only when the
 * enum lists it; zod's `z.enum([...]).nullable()` yields `nullable: true` without it.
 */
function allowNullInNullableEnums(node: unknown) {
  if (Array.isArray(node)) {
    for (const item of node) allowNullInNullableEnums(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum.push(null);
  }
  for (const value of Object.values(node)) allowNullInNullableEnums(value);
}

/** A wildcard route's parameter, as the document names it: the rest of the path (a route's endpoint). */
const WILDCARD_NAME = 'endpoint';

/** Fastify documents `/in/:token/*` as `/in/{token}/{*}`; `*` is no name a client generator takes. */
function nameWildcards(document: Document) {
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    if (!path.includes('{*}')) continue;
    for (const operation of Object.values(methods) as Array<{ parameters?: Array<{ name?: string }> }>) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.name === '*')
          Object.assign(parameter, {
            name: WILDCARD_NAME,
            description: 'O endpoint da rota, sem a barra inicial',
          });
      }
    }
    delete document.paths?.[path];
    if (document.paths) document.paths[path.replace('{*}', `{${WILDCARD_NAME}}`)] = methods;
  }
}

export function transformOpenApiObject(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  const document = jsonSchemaTransformObject(input) as Document;
  nameWildcards(document);
  const used = referencedComponents(document);
  const schemas = document.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) {
    if (!used.has(name)) delete schemas[name];
  }
  allowNullInNullableEnums(document);
  for (const methods of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response' && RESPONSE_DESCRIPTIONS[status]) {
          response.description = RESPONSE_DESCRIPTIONS[status];
        }
      }
    }
  }
  return document as ReturnType<typeof jsonSchemaTransformObject>;
}
