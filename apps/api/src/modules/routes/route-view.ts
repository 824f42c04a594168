import type {
  RouteFieldType,
  RouteMethod,
  TRoute,
  TRouteEventType,
  TRouteField,
  TRouteRuleSummary,
} from '@wm/contracts';
import type { routeEventTypes, routeFields, routes } from '../../db/schema';

type RouteRow = typeof routes.$inferSelect;

export function toRouteView(
  row: RouteRow,
  extra: {
    applicationName: string;
    eventTypeCount: number;
    fieldCount: number;
    ruleCount: number;
    rules: TRouteRuleSummary[];
  },
): TRoute {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    endpoint: row.endpoint,
    method: row.method as RouteMethod,
    applicationId: row.applicationId,
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
  };
}

export const toRouteEventTypeView = (row: typeof routeEventTypes.$inferSelect): TRouteEventType => ({
  id: row.id,
  name: row.name,
  alias: row.alias,
  description: row.description,
  routeId: row.routeId,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toRouteFieldView = (row: typeof routeFields.$inferSelect): TRouteField => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type as RouteFieldType,
  path: row.path,
  routeId: row.routeId,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
