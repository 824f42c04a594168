import {
  buildIngestUrl,
  HMAC_ENCODINGS,
  MASKED_SECRET,
  type RouteFieldType,
  type RouteMethod,
  type SchemaValidationMode,
  type TRoute,
  type TRouteEventType,
  type TRouteField,
  type TRouteRuleSummary,
  type TRouteVerification,
  type TRowPermissions,
} from '@wm/contracts';
import type { routeEventTypes, routeFields, routes, StoredVerification } from '../../db/schema';

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

/** A stored verification as answered: every secret masked, whoever asks (they are write-only). */
export function toVerificationView(stored: StoredVerification | null): TRouteVerification | null {
  if (!stored) return null;
  const shown = (field: 'secret' | 'password' | 'value') =>
    typeof stored[field] === 'string' ? MASKED_SECRET : null;
  return {
    type: stored.type,
    secret: shown('secret'),
    header: stored.header ?? null,
    encoding: stored.encoding && HMAC_ENCODINGS.includes(stored.encoding) ? stored.encoding : null,
    prefix: stored.prefix ?? null,
    username: stored.username ?? null,
    password: shown('password'),
    value: shown('value'),
  };
}

export function toRouteView(
  row: RouteRow,
  extra: {
    /** Where ingest URLs start: PUBLIC_URL or the caller's origin. */
    baseUrl: string;
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
    ingestUrl: buildIngestUrl(extra.baseUrl, row.ingestToken, row.endpoint),
    verification: toVerificationView(row.verification),
    eventTypeFrom: row.eventTypeFrom,
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
  schema: row.schema ?? null,
  examples: row.examples,
  schemaValidation: row.schemaValidation as SchemaValidationMode,
  schemaVersion: row.schemaVersion,
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
