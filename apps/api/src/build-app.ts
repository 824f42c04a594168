import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppContext } from './context';
import { stopContext } from './create-context';
import { createAuthHooks } from './http/auth';
import { limitConnectionsPerAddress, serverTimeouts } from './http/connection-limits';
import { registerConsole } from './http/console';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './http/errors';
import { registerHealthRoutes } from './http/health';
import { registerJsonGuard } from './http/json-guard';
import { registerMetricsRoutes } from './http/metrics-routes';
import { SECURITY_SCHEMES, SESSION_SECURITY, transformOpenApiObject } from './http/openapi';
import { registerPutSemantics } from './http/put-semantics';
import { registerSecurityHeaders } from './http/security-headers';
import { newId } from './lib/ids';
import { makeRequestLogger } from './lib/lazy-child-logger';
import { registerModules } from './modules';
import { registerIngestEndpoint } from './modules/ingest/routes';
import { translatePortalErrors } from './modules/portal/portal-session-scope';
import { readPortalFrameAncestors } from './modules/portal/service';

/** The HTTP app: /v1 API, health, OpenAPI at /docs; no listening, no workers. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    genReqId: () => newId(),
    childLoggerFactory: (logger, bindings, options) =>
      makeRequestLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ...serverTimeouts(ctx.config),
  }) as unknown as FastifyInstance;
  limitConnectionsPerAddress(app.server, ctx.config.HTTP_MAX_CONNECTIONS_PER_IP);
  // The context's caches must not outlive the server (their connections); the workers' stop asks too.
  app.addHook('onClose', () => stopContext(ctx));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiKeyHash', null);
  app.decorateRequest('portalSession', null);
  registerErrorHandler(app, translatePortalErrors);
  registerJsonGuard(app);
  registerPutSemantics(app);
  await registerSecurityHeaders(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Webhook Manager API', version: '1.0.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
      // Every operation states its own; this covers none left unsaid.
      security: SESSION_SECURITY,
    },
    transform: jsonSchemaTransform,
    transformObject: transformOpenApiObject,
  });
  const auth = createAuthHooks(ctx);
  // DOCS_PUBLIC=false: the page, its files and the OpenAPI document answer only to a signed-in session.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // No validator badge: it would load an image from validator.swagger.io, outside the policy.
    uiConfig: { validatorUrl: null },
    uiHooks: ctx.config.DOCS_PUBLIC ? {} : { onRequest: auth.requireUser },
  });

  registerHealthRoutes(app, ctx);
  registerMetricsRoutes(app, ctx);
  await registerIngestEndpoint(app, ctx);
  await app.register(
    async (v1) => {
      registerModules(v1, ctx, auth);
    },
    { prefix: '/v1' },
  );
  await registerConsole(app, ctx, (applicationId) => readPortalFrameAncestors(ctx, applicationId));
  return app;
}
