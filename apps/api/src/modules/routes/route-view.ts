import type {
  RouteFieldType,
  RouteMethod,
  TRoute,
  TRouteEventType,
  TRouteField,
  TRouteRuleSummary,
  TRowPermissions,
} from '@wm/contracts';
import type { routeEventTypes, routeFields, routes } from '../../db/schema';

type RouteRow = typeof routes.$inferSelect;

/** The flags `rowPermissions` selected for a row. */
type RowFlags = { canWrite: unknown; canDelete: unknown };

const permissionsOf = (flags: RowFlags): TRowPermissions => ({
  canWrite: Boolean(flags.canWrite),
  canDelete: Boolean(flags.canDelete),
});

/** What every view of a route holds, in the order the contracts list it. */
export const toRouteCoreView = (row: RouteRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  endpoint: row.endpoint,
  method: row.method as RouteMethod,
  applicationId: row.applicationId,
});

export function toRouteView(
  row: RouteRow,
  extra: {
    applicationName: string;
    eventTypeCount: number;
    fieldCount: number;
    ruleCount: number;
    rules: TRouteRuleSummary[];
  } & RowFlags,
): TRoute {
  return {
    ...toRouteCoreView(row),
    application: { id: row.applicationId, name: extra.applicationName },
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rules: extra.rules,
    _count: {
      eventTypes: Number(extra.eventTypeCount),
      fields: Number(extra.fieldCount),
      rules: Number(extra.ruleCount),
    },
    permissions: permissionsOf(extra),
  };
}

export const toRouteEventTypeView = (
  row: typeof routeEventTypes.$inferSelect,
  flags: RowFlags,
): TRouteEventType => ({
  id: row.id,
  name: row.name,
  alias: row.alias,
  description: row.description,
  routeId: row.routeId,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  permissions: permissionsOf(flags),
});

export const toRouteFieldView = (row: typeof routeFields.$inferSelect, flags: RowFlags): TRouteField => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type as RouteFieldType,
  path: row.path,
  routeId: row.routeId,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  permissions: permissionsOf(flags),
});
