import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { AuthHooks } from '../http/auth';
import { registerAdminUserRoutes } from './admin-users/routes';
import { registerApplicationRoutes } from './applications/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerEmitRoutes } from './emit/routes';
import { registerEventLogRoutes } from './event-logs/routes';
import { registerEventRoutes } from './events/routes';
import { registerLogRoutes } from './logs/routes';
import { registerProfileRoutes } from './profile/routes';
import { registerSubscriptionRoutes } from './subscriptions/routes';

/** Every /v1 route module, one line each. */
export function registerModules(app: FastifyInstance, ctx: AppContext, auth: AuthHooks) {
  registerAuthRoutes(app, ctx, auth);
  registerAdminUserRoutes(app, ctx, auth);
  registerEventLogRoutes(app, ctx, auth);
  registerApplicationRoutes(app, ctx, auth);
  registerProfileRoutes(app, ctx, auth);
  registerEventRoutes(app, ctx, auth);
  registerSubscriptionRoutes(app, ctx, auth);
  registerEmitRoutes(app, ctx, auth);
  registerLogRoutes(app, ctx, auth);
}
