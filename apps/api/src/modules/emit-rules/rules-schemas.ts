import type { AppContext } from '../../context';
import { createChangeCacheOnFirstRead } from '../../db/change-cache';
import { CHANGE_CHANNELS } from '../../db/change-channel';
import type { SchemaHolder } from '../emit/check-payload-schema';
import type { RulesSchemas } from './emit-rules-dependencies';
import { listCheckingRouteEventTypes } from './queries';

/** (application, alias) pairs kept at most; past it the least recently read is forgotten. */
const MAX_ENTRIES = 10_000;

/**
 * The schemas /v1/emit-rules checks, per (application, alias), in this process: emptied by any
 * change to routes or route event types in any process (the rules channel, which their triggers
 * notify), so a changed schema, mode or activation is seen by the next call. It listens from the
 * first emit-rules call, so a process that serves none holds no connection for it.
 */
export function createRulesSchemas(
  ctx: Pick<AppContext, 'database' | 'db' | 'logger' | 'localChanges'>,
): RulesSchemas {
  const cache = createChangeCacheOnFirstRead<{ applicationId: string; alias: string }, SchemaHolder[]>(ctx, {
    channel: CHANGE_CHANNELS.rules,
    label: 'emit-rules schemas',
    keyOf: ({ applicationId, alias }) => `${applicationId}\u0000${alias}`,
    // Awaited here: the query builder is a thenable that would run again on each await of the entry.
    load: async ({ applicationId, alias }) => await listCheckingRouteEventTypes(ctx.db, applicationId, alias),
    maxEntries: MAX_ENTRIES,
  });
  return {
    checkingTypes: (applicationId, alias) => cache.get({ applicationId, alias }),
    stop: () => cache.stop(),
  };
}
