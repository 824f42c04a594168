import type { TPortalEventList } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { ConsumerScope } from '../../domain/consumer-scope';
import { selectScopeEvents } from './queries';

/** What the portal offers to subscribe to. */
export async function listPortalEvents(ctx: AppContext, scope: ConsumerScope): Promise<TPortalEventList> {
  return { data: await selectScopeEvents(ctx.db, scope) };
}
