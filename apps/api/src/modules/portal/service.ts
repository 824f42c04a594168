import type { TPortalEventList, TPortalSessionView } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { ConsumerScope } from '../../domain/consumer-scope';
import type { PortalSessionScope } from '../portal-sessions/service';
import { selectPortalSettings, selectScopeEvents } from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the portal offers to subscribe to. */
export async function listPortalEvents(ctx: AppContext, scope: ConsumerScope): Promise<TPortalEventList> {
  return { data: await selectScopeEvents(ctx.db, scope) };
}

/** Who the page serves and the brand it wears: the session's options and its application's settings. */
export async function describePortalSession(
  ctx: AppContext,
  session: PortalSessionScope,
): Promise<TPortalSessionView> {
  const settings = await selectPortalSettings(ctx.db, session.scope.applicationId);
  return {
    consumerId: session.scope.consumerId,
    locale: session.locale,
    isReadOnly: session.scope.isReadOnly,
    displayName: settings?.displayName ?? null,
    accentColor: settings?.accentColor ?? null,
    logoUrl: settings?.logoUrl ?? null,
  };
}

/**
 * The `frame-ancestors` of the portal page of `applicationId`: the application's allowed origins,
 * or 'none' (it opens only on its own) when it lists none or is unknown.
 */
export async function readPortalFrameAncestors(ctx: AppContext, applicationId: string): Promise<string> {
  const settings = UUID.test(applicationId) ? await selectPortalSettings(ctx.db, applicationId) : undefined;
  const origins = settings?.allowedOrigins ?? [];
  return origins.length > 0 ? origins.join(' ') : "'none'";
}
