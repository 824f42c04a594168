import { ZCatalog, ZCatalogOpenApi } from '@wm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { type AuthHooks, currentUser } from '../../http/auth';
import { sessionErrors } from '../../http/openapi';
import { idRouteSchema } from '../../http/route-declarations';
import { exportCatalogOpenApi, getCatalog } from './service';

export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['applications'];

  r.get(
    '/applications/:id/catalog',
    {
      onRequest: [auth.requireUser],
      schema: idRouteSchema(tags, { response: { 200: ZCatalog, ...sessionErrors(404) } }),
    },
    async (request) => getCatalog(ctx, currentUser(request), request.params.id),
  );

  r.get(
    '/applications/:id/catalog/openapi.json',
    {
      onRequest: [auth.requireUser],
      schema: idRouteSchema(tags, { response: { 200: ZCatalogOpenApi, ...sessionErrors(404) } }),
    },
    async (request) => exportCatalogOpenApi(ctx, currentUser(request), request.params.id),
  );
}
