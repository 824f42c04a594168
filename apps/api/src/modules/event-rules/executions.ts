import type { TRuleExecutionListQuery, TRuleExecutionListResponse } from '@wm/contracts';
import type { AppContext } from '../../context';
import { toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { requireAccess, ruleAccess } from '../access';
import { countExecutionsOfRule, selectExecutionPage } from './queries';
import { toExecutionView } from './rule-view';

/** A rule's executions, newest first. */
export async function listRuleExecutions(
  ctx: AppContext,
  user: SessionUser,
  ruleId: string,
  query: TRuleExecutionListQuery,
): Promise<TRuleExecutionListResponse> {
  await requireAccess(ctx, user, ruleAccess, ruleId, 'read');
  const [rows, total] = await Promise.all([
    selectExecutionPage(ctx.db, ruleId, query),
    countExecutionsOfRule(ctx.db, ruleId),
  ]);
  return {
    data: rows.map(toExecutionView),
    pagination: toPagination(query.page, query.limit, total),
  };
}
