import type { TRuleExecutionListQuery, TRuleExecutionListResponse } from '@wm/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { ruleExecutions } from '../../db/schema';
import { pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { requireAccess, ruleAccess } from '../access';
import { toExecutionView } from './rule-view';

/** A rule's executions, newest first. */
export async function listRuleExecutions(
  ctx: AppContext,
  user: SessionUser,
  ruleId: string,
  query: TRuleExecutionListQuery,
): Promise<TRuleExecutionListResponse> {
  await requireAccess(ctx, user, ruleAccess, ruleId, 'read');
  const where = eq(ruleExecutions.ruleId, ruleId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(ruleExecutions)
      .where(where)
      .orderBy(desc(ruleExecutions.executedAt), desc(ruleExecutions.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    ctx.db.select({ n: count() }).from(ruleExecutions).where(where),
  ]);
  return {
    data: rows.map(toExecutionView),
    pagination: toPagination(query.page, query.limit, Number(total?.n ?? 0)),
  };
}
