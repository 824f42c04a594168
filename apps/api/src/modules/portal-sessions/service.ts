import type { PortalLocale, TPortalSession, TPortalSessionInput } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { ConsumerScope } from '../../domain/consumer-scope';
import { notFound, validationError } from '../../domain/errors';
import { randomToken, sha256 } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { type ConsumerManager, requireConsumerManager } from '../consumers/service';
import {
  findLivePortalSession,
  insertPortalSession,
  revokeConsumerPortalSessionRows,
  revokePortalSessionRow,
  selectApplicationAliases,
  selectPortalSessionLocale,
} from './queries';

const MINUTE_MS = 60_000;
export const PORTAL_SESSION_NOT_FOUND = 'Sessão do portal não encontrada';

/**
 * Opens a portal session for one consumer: a random token (32 bytes, base64url) answered once and
 * kept only as its SHA-256. The link carries it in the fragment, which browsers never send, so it
 * reaches no server's log.
 */
export async function createPortalSession(
  ctx: AppContext,
  manager: ConsumerManager,
  applicationId: string,
  input: TPortalSessionInput,
  baseUrl: string,
): Promise<TPortalSession> {
  await requireConsumerManager(ctx, manager, applicationId);
  const aliases = input.eventAliases ? [...new Set(input.eventAliases)] : null;
  if (aliases) {
    const known = new Set(await selectApplicationAliases(ctx.db, applicationId, aliases));
    const unknown = aliases.filter((alias) => !known.has(alias));
    if (unknown.length > 0) {
      throw validationError(`Eventos que não existem nesta aplicação: ${unknown.join(', ')}`, {
        eventAliases: unknown,
      });
    }
  }
  const token = randomToken(32);
  const now = ctx.clock();
  const id = newId();
  const expiresAt = new Date(now.getTime() + input.expiresInMinutes * MINUTE_MS);
  await insertPortalSession(ctx.db, {
    id,
    applicationId,
    consumerId: input.consumerId,
    tokenHash: sha256(token),
    eventAliases: aliases,
    isReadOnly: input.readOnly,
    locale: input.locale,
    expiresAt,
    createdBy: manager.user?.id ?? null,
    createdAt: now,
  });
  return {
    id,
    url: `${baseUrl}/portal/${applicationId}#token=${token}`,
    token,
    expiresAt: expiresAt.toISOString(),
  };
}

export async function revokePortalSession(
  ctx: AppContext,
  manager: ConsumerManager,
  applicationId: string,
  sessionId: string,
) {
  await requireConsumerManager(ctx, manager, applicationId);
  const revoked = await revokePortalSessionRow(ctx.db, applicationId, sessionId, ctx.clock());
  if (revoked.length === 0) throw notFound(PORTAL_SESSION_NOT_FOUND);
}

/** Revokes every open session of one consumer (none open is no error). */
export async function revokeConsumerPortalSessions(
  ctx: AppContext,
  manager: ConsumerManager,
  target: { applicationId: string; consumerId: string },
) {
  await requireConsumerManager(ctx, manager, target.applicationId);
  await revokeConsumerPortalSessionRows(ctx.db, target.applicationId, target.consumerId, ctx.clock());
}

export type PortalSessionScope = { sessionId: string; scope: ConsumerScope; locale: PortalLocale };

/** The scope a portal token opens, or null when it is unknown, expired or revoked. */
export async function findPortalSessionScope(
  ctx: AppContext,
  token: string,
): Promise<PortalSessionScope | null> {
  const row = await findLivePortalSession(ctx.db, sha256(token), ctx.clock());
  if (!row) return null;
  return {
    sessionId: row.id,
    locale: row.locale === 'en' ? 'en' : 'pt-BR',
    scope: {
      kind: 'consumer',
      applicationId: row.applicationId,
      consumerId: row.consumerId,
      eventAliases: row.eventAliases,
      isReadOnly: row.isReadOnly,
    },
  };
}

/** The language of an expired or revoked session's token, so its 401 reads as the session did. */
export async function findPortalSessionLocale(ctx: AppContext, token: string): Promise<PortalLocale | null> {
  const locale = await selectPortalSessionLocale(ctx.db, sha256(token));
  return locale === 'en' || locale === 'pt-BR' ? locale : null;
}
