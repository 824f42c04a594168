import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerSubscriptionRouteSet } from '../subscriptions/register-subscription-routes';
import { type PortalGuards, runInPortal } from './portal-session-scope';

/** The consumer's own subscriptions: the console's routes, in the session's scope and language. */
export function registerPortalSubscriptionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: PortalGuards,
) {
  registerSubscriptionRouteSet(app, ctx, {
    path: '/portal/subscriptions',
    tag: 'portal',
    read: [guards.requirePortalSession],
    write: [guards.requirePortalSession, guards.requirePortalWrite],
    alsoAnswers: [429],
    asCaller: (request, missing, run) =>
      runInPortal(request, missing === 'event' ? 'eventNotFound' : 'subscriptionNotFound', run),
  });
}
