import type {
  TCreatedOperationalEndpoint,
  TCreateOperationalEndpointRequest,
  TOperationalEndpoint,
  TOperationalEndpointListQuery,
  TOperationalEndpointListResponse,
  TUpdateOperationalEndpointRequest,
} from '@wm/contracts';
import { newWebhookSecret } from '@wm/standard-webhooks';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { operationalEndpoints } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { isSent } from '../../domain/is-sent';
import { pageOffset, toPagination } from '../../domain/pagination';
import type { SessionUser } from '../../domain/session-user';
import { refusePrivateTarget } from '../../domain/target-url';
import { newId } from '../../lib/ids';
import {
  applicationInternalAccess,
  managedOperationalEndpointsWhere,
  OPERATIONAL_ENDPOINT_NOT_FOUND,
  requireAccess,
} from '../access';
import { toOperationalEndpointView } from './operational-endpoint-view';
import {
  deleteOperationalEndpointRow,
  findOperationalEndpointRow,
  insertOperationalEndpoint,
  selectOperationalEndpointPage,
  updateOperationalEndpointColumns,
} from './queries';

/** The user's own endpoints, or (with applicationId) the application's, for its writers. */
export async function listOperationalEndpoints(
  ctx: AppContext,
  user: SessionUser,
  query: TOperationalEndpointListQuery,
): Promise<TOperationalEndpointListResponse> {
  if (query.applicationId) {
    await requireAccess(ctx, user, applicationInternalAccess, query.applicationId, 'write');
  }
  const where = query.applicationId
    ? eq(operationalEndpoints.applicationId, query.applicationId)
    : eq(operationalEndpoints.userId, user.id);
  const page = await selectOperationalEndpointPage(ctx.db, where, {
    offset: pageOffset(query.page, query.limit),
    limit: query.limit,
  });
  return {
    data: page.rows.map(toOperationalEndpointView),
    pagination: toPagination(query.page, query.limit, page.total),
  };
}

async function requireManaged(ctx: AppContext, user: SessionUser, id: string) {
  const row = await findOperationalEndpointRow(ctx.db, managedOperationalEndpointsWhere(user), id);
  if (!row) throw notFound(OPERATIONAL_ENDPOINT_NOT_FOUND);
  return row;
}

/** The secret is answered here once, in clear; it is stored sealed. */
export async function createOperationalEndpoint(
  ctx: AppContext,
  user: SessionUser,
  input: TCreateOperationalEndpointRequest,
): Promise<TCreatedOperationalEndpoint> {
  if (input.applicationId) {
    await requireAccess(ctx, user, applicationInternalAccess, input.applicationId, 'write');
  }
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, input.url, 'url');
  const secret = newWebhookSecret();
  const now = ctx.clock();
  const row = await insertOperationalEndpoint(ctx.db, {
    id: newId(),
    userId: input.applicationId ? null : user.id,
    applicationId: input.applicationId ?? null,
    url: input.url,
    eventTypes: input.eventTypes ?? null,
    secret: ctx.cipher.seal(secret),
    createdBy: user.id,
    createdAt: now,
    updatedAt: now,
  });
  return { ...toOperationalEndpointView(row), secret };
}

export async function getOperationalEndpoint(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TOperationalEndpoint> {
  return toOperationalEndpointView(await requireManaged(ctx, user, id));
}

/** PUT semantics: absent fields keep their value; `eventTypes: null` means every type again. */
export async function updateOperationalEndpoint(
  ctx: AppContext,
  user: SessionUser,
  id: string,
  input: TUpdateOperationalEndpointRequest,
): Promise<TOperationalEndpoint> {
  await requireManaged(ctx, user, id);
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, input.url, 'url');
  const row = await updateOperationalEndpointColumns(ctx.db, id, {
    url: input.url,
    eventTypes: isSent(input, 'eventTypes') ? (input.eventTypes ?? null) : undefined,
    updatedAt: ctx.clock(),
  });
  if (!row) throw notFound(OPERATIONAL_ENDPOINT_NOT_FOUND);
  return toOperationalEndpointView(row);
}

export async function deleteOperationalEndpoint(ctx: AppContext, user: SessionUser, id: string) {
  await requireManaged(ctx, user, id);
  await deleteOperationalEndpointRow(ctx.db, id);
}
