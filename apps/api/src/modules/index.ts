import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { AuthHooks } from '../http/auth';
import { registerAdminUserRoutes } from './admin-users/routes';
import { registerApplicationRoutes } from './applications/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerConsumerRoutes } from './consumers/routes';
import { registerEmitRoutes } from './emit/routes';
import { registerEmitRulesRoutes } from './emit-rules/routes';
import { registerEventLogRoutes } from './event-logs/routes';
import { registerEventRuleRoutes } from './event-rules/routes';
import { registerEventRoutes } from './events/routes';
import { registerInboundRequestRoutes } from './ingest/inbound-requests-routes';
import { registerIntegrationRoutes } from './integration/routes';
import { registerLogRoutes } from './logs/routes';
import { registerPortalRoutes } from './portal/routes';
import { registerPortalSessionRoutes } from './portal-sessions/routes';
import { registerProfileRoutes } from './profile/routes';
import { registerRetentionRoutes } from './retention/routes';
import { registerRouteEventTypeRoutes } from './route-event-types/routes';
import { registerRouteFieldRoutes } from './route-fields/routes';
import { registerRouteRoutes } from './routes/routes';
import { registerStatsRoutes } from './stats/routes';
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
  registerConsumerRoutes(app, ctx, auth);
  registerPortalSessionRoutes(app, ctx, auth);
  registerPortalRoutes(app, ctx);
  registerEmitRoutes(app, ctx, auth);
  registerEmitRulesRoutes(app, ctx, auth);
  registerLogRoutes(app, ctx, auth);
  registerRouteRoutes(app, ctx, auth);
  registerInboundRequestRoutes(app, ctx, auth);
  registerRouteEventTypeRoutes(app, ctx, auth);
  registerRouteFieldRoutes(app, ctx, auth);
  registerEventRuleRoutes(app, ctx, auth);
  registerIntegrationRoutes(app, ctx, auth);
  registerStatsRoutes(app, ctx, auth);
  registerRetentionRoutes(app, ctx, auth);
}
