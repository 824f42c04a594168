import { and, eq, type InferSelectModel, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { type Caller, type ConsumerScope, isConsumerScope } from '../../domain/consumer-scope';
import { forbidden, notFound } from '../../domain/errors';
import type { SessionUser } from '../../domain/session-user';
import { applicationIdsGranting, type Need } from './membership';

export type { Need } from './membership';

export type Permissions = { isOwner: boolean; canRead: boolean; canWrite: boolean; canDelete: boolean };

/**
 * Who may read, write and delete the rows of one table, stated once. From it come the list filter
 * (`visibleWhere`), the per-row flags of list answers (`rowPermissions`) and the single-row check
 * (`findAccess` / `requireAccess`: 404 when the row is not visible, 403 when visible but not allowed).
 *
 * Every rule is the same shape: admins may do everything; members of the row's application may do
 * what their membership grants; `ownedBy` rows grant their owner everything; `readableByAnyone`
 * rows may be read by every signed-in user. Nobody else sees the row.
 */
export type Resource<T extends PgTable = PgTable> = {
  table: T;
  id: PgColumn;
  notFoundMessage: string;
  forbiddenMessage: string;
  /**
   * SQL: the row belongs to one of the applications whose ids the subquery `ids` answers. Write it
   * as `column IN (ids)`, never with the row's columns inside a subquery: drizzle leaves columns
   * unqualified in single-table selects, and a subquery would capture them.
   */
  inApplications: (ids: SQL) => SQL;
  readableByAnyone?: SQL;
  ownedBy?: (user: SessionUser) => SQL;
  /** SQL: the row is within a consumer's scope. A resource without it is invisible to consumers. */
  inConsumerScope?: (scope: ConsumerScope) => SQL;
  /**
   * SQL: the row is the system's own (operational webhooks' internal subscriptions and their
   * deliveries), which nobody sees, admins included.
   */
  isInternal?: SQL;
};

type Grants = { visible?: SQL; isMember: SQL; isOwner: SQL; canWrite: SQL; canDelete: SQL };

const ALWAYS = sql`true`;

const NEVER = sql`false`;

/** A consumer sees its scope only; it is nobody's member, and writes unless read-only. */
function consumerGrants(resource: Resource, scope: ConsumerScope): Grants {
  const visible = resource.inConsumerScope?.(scope) ?? NEVER;
  const canWrite = scope.isReadOnly ? NEVER : visible;
  return { visible, isMember: NEVER, isOwner: NEVER, canWrite, canDelete: canWrite };
}

function grantsOf(resource: Resource, user: Caller): Grants {
  if (isConsumerScope(user)) return consumerGrants(resource, user);
  const grants = grantsOfUser(resource, user);
  if (!resource.isInternal) return grants;
  return { ...grants, visible: and(sql`NOT ${resource.isInternal}`, grants.visible) };
}

function grantsOfUser(resource: Resource, user: SessionUser): Grants {
  if (user.isAdmin) {
    return { visible: undefined, isMember: ALWAYS, isOwner: ALWAYS, canWrite: ALWAYS, canDelete: ALWAYS };
  }
  const member = (need: Need) => resource.inApplications(applicationIdsGranting(user, need));
  const owned = resource.ownedBy?.(user);
  return {
    visible: or(member('read'), resource.readableByAnyone, owned),
    isMember: member('read'),
    isOwner: or(member('owner'), owned) as SQL,
    canWrite: or(member('write'), owned) as SQL,
    canDelete: or(member('delete'), owned) as SQL,
  };
}

const flag = (condition: SQL) => sql<boolean>`coalesce(${condition}, false)`;

/** WHERE fragment for lists: the rows `user` may read (undefined for admins: every row). */
export function visibleWhere(resource: Resource, user: Caller): SQL | undefined {
  return grantsOf(resource, user).visible;
}

/** WHERE fragment: rows of the applications `user` is a reading member of (undefined for admins). */
export function memberWhere(resource: Resource, user: Caller): SQL | undefined {
  const grants = grantsOf(resource, user);
  if (isConsumerScope(user) || !user.isAdmin) return grants.isMember;
  return resource.isInternal ? grants.visible : undefined;
}

/**
 * Select column: whether `user` is a reading member of the row's application (true for admins), as
 * opposed to seeing it as a PUBLIC reader or as the owner of a row such as a subscription.
 */
export function memberColumn(resource: Resource, user: Caller) {
  return flag(grantsOf(resource, user).isMember);
}

/** Select columns with what `user` may do on each row (for rows `visibleWhere` lets through). */
export function rowPermissions(resource: Resource, user: Caller) {
  const grants = grantsOf(resource, user);
  return {
    isOwner: flag(grants.isOwner),
    canWrite: flag(grants.canWrite),
    canDelete: flag(grants.canDelete),
  };
}

export type Access<Row> = { row: Row; permissions: Permissions; isMember: boolean };

/** The row with what `user` may do on it; null when it does not exist or `user` may not see it. */
export async function findAccess<T extends PgTable>(
  ctx: AppContext,
  user: Caller,
  resource: Resource<T>,
  id: string,
): Promise<Access<InferSelectModel<T>> | null> {
  const grants = grantsOf(resource, user);
  const [found] = (await ctx.db
    .select({
      row: resource.table as PgTable,
      isMember: flag(grants.isMember),
      ...rowPermissions(resource, user),
    })
    .from(resource.table as PgTable)
    .where(and(eq(resource.id, id), grants.visible))
    .limit(1)) as {
    row: InferSelectModel<T>;
    isMember: boolean;
    isOwner: boolean;
    canWrite: boolean;
    canDelete: boolean;
  }[];
  if (!found) return null;
  return {
    row: found.row,
    isMember: found.isMember,
    permissions: {
      isOwner: found.isOwner,
      canRead: true,
      canWrite: found.canWrite,
      canDelete: found.canDelete,
    },
  };
}

const allows = (permissions: Permissions, need: Need) =>
  need === 'owner'
    ? permissions.isOwner
    : need === 'read'
      ? permissions.canRead
      : need === 'write'
        ? permissions.canWrite
        : permissions.canDelete;

/** findAccess that answers 404 when the row is not visible and 403 when `need` is not granted. */
export async function requireAccess<T extends PgTable>(
  ctx: AppContext,
  user: Caller,
  resource: Resource<T>,
  id: string,
  need: Need,
): Promise<Access<InferSelectModel<T>>> {
  const access = await findAccess(ctx, user, resource, id);
  if (!access) throw notFound(resource.notFoundMessage);
  if (!allows(access.permissions, need)) throw forbidden(resource.forbiddenMessage);
  return access;
}

/**
 * A resource that is internal configuration of one application (automation routes, rules, event
 * logs...): members read with canRead, write with canWrite, delete with canDelete; admins
 * everything; everyone else 404, whatever the application's visibility.
 */
export function applicationInternalResource<T extends PgTable>(definition: {
  table: T;
  id: PgColumn;
  applicationId: PgColumn;
  notFoundMessage: string;
  forbiddenMessage: string;
  isInternal?: SQL;
}): Resource<T> {
  const { applicationId, ...rest } = definition;
  return { ...rest, inApplications: (ids) => sql`${applicationId} IN (${ids})` };
}
