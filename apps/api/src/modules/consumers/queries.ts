import type { TConsumerListQuery } from '@wm/contracts';
import { and, asc, countDistinct, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { endpointCircuits, subscriptions } from '../../db/schema';
import { matchSearch, pageOffset } from '../../domain/pagination';

function consumersWhere(applicationId: string, query: TConsumerListQuery): SQL | undefined {
  return and(
    eq(subscriptions.consumerApplicationId, applicationId),
    isNotNull(subscriptions.consumerId),
    matchSearch(query.search, subscriptions.consumerId),
  );
}

/** One page of the application's consumers, by id, with their subscriptions and open circuits. */
export function selectConsumerPage(db: Database, applicationId: string, query: TConsumerListQuery) {
  return db
    .select({
      consumerId: sql<string>`${subscriptions.consumerId}`,
      subscriptionCount: sql<number>`count(*)::int`,
      openCircuits: sql<number>`count(*) FILTER (WHERE ${endpointCircuits.state} = 'OPEN')::int`,
    })
    .from(subscriptions)
    .leftJoin(endpointCircuits, eq(endpointCircuits.subscriptionId, subscriptions.id))
    .where(consumersWhere(applicationId, query))
    .groupBy(subscriptions.consumerId)
    .orderBy(asc(subscriptions.consumerId))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
}

export async function countConsumers(db: Database, applicationId: string, query: TConsumerListQuery) {
  const [row] = await db
    .select({ total: countDistinct(subscriptions.consumerId) })
    .from(subscriptions)
    .where(consumersWhere(applicationId, query));
  return Number(row?.total ?? 0);
}
