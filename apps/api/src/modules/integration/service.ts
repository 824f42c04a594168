import type {
  IntegrationLanguage,
  TIntegrationCode,
  TIntegrationPayload,
  TIntegrationRoute,
} from '@wm/contracts';
import { buildRoutePayload, buildRulePayload, type EmitPayload, renderIntegrationCode } from '@wm/rules';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../domain/session-user';
import { applicationInternalAccess, requireAccess, routeAccess, ruleAccess } from '../access';
import { toRouteCoreView, toRouteEventTypeView, toRouteFieldView } from '../routes/route-view';
import { listActiveRouteChildren, listApplicationRoutes } from './queries';

/** Active event types and fields of `routeIds`, oldest first (the first event type is the route's sample alias). */
async function loadActiveChildren(ctx: AppContext, user: SessionUser, routeIds: string[]) {
  const { eventTypeRows, fieldRows } = await listActiveRouteChildren(ctx.db, user, routeIds);
  return {
    eventTypes: eventTypeRows.map((row) => toRouteEventTypeView(row.eventType, row)),
    fields: fieldRows.map((row) => toRouteFieldView(row.field, row)),
  };
}

/** The application's routes by name, each with its active event types and fields. */
export async function listIntegrationRoutes(
  ctx: AppContext,
  user: SessionUser,
  applicationId: string,
): Promise<TIntegrationRoute[]> {
  await requireAccess(ctx, user, applicationInternalAccess, applicationId, 'read');
  const rows = await listApplicationRoutes(ctx.db, applicationId);
  const { eventTypes, fields } = await loadActiveChildren(
    ctx,
    user,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toRouteCoreView(row),
    isActive: row.isActive,
    eventTypes: eventTypes.filter((eventType) => eventType.routeId === row.id),
    fields: fields.filter((field) => field.routeId === row.id),
  }));
}

/**
 * The route's sample envelope: its first active event type's alias and its first example, else a
 * sample of each active field; no payload when the route has no active event type (nothing the rules engine would take).
 */
async function buildRouteSample(ctx: AppContext, user: SessionUser, routeId: string) {
  const { row: route } = await requireAccess(ctx, user, routeAccess, routeId, 'read');
  const { eventTypes, fields } = await loadActiveChildren(ctx, user, [routeId]);
  const [eventType] = eventTypes;
  const payload = eventType
    ? buildRoutePayload(fields, eventType.alias, route.applicationId, eventType.examples[0])
    : null;
  return { payload, fields };
}

/** The rule's sample envelope, generated to satisfy its conditions, over its route's active fields. */
async function buildRuleSample(ctx: AppContext, user: SessionUser, ruleId: string) {
  const { row: rule } = await requireAccess(ctx, user, ruleAccess, ruleId, 'read');
  const { eventTypes, fields } = await loadActiveChildren(ctx, user, [rule.routeId]);
  // The rule's event type's first example, when it has one, is the data the conditions are met on.
  const example = eventTypes.find((eventType) => eventType.id === rule.routeEventTypeId)?.examples[0];
  return { ...buildRulePayload(rule.conditions, fields, rule.applicationId, example), fields };
}

const toCode = (
  payload: EmitPayload | null,
  language: IntegrationLanguage,
  baseUrl: string,
): TIntegrationCode => ({
  code: payload ? renderIntegrationCode({ language, baseUrl, payload }) : '',
  language,
});

export async function getRoutePayload(
  ctx: AppContext,
  user: SessionUser,
  routeId: string,
): Promise<TIntegrationPayload> {
  return buildRouteSample(ctx, user, routeId);
}

export async function renderRouteCode(
  ctx: AppContext,
  user: SessionUser,
  routeId: string,
  input: { language: IntegrationLanguage; baseUrl: string },
): Promise<TIntegrationCode> {
  const { payload } = await buildRouteSample(ctx, user, routeId);
  return toCode(payload, input.language, input.baseUrl);
}

export async function getRulePayload(
  ctx: AppContext,
  user: SessionUser,
  ruleId: string,
): Promise<TIntegrationPayload> {
  return buildRuleSample(ctx, user, ruleId);
}

export async function renderRuleCode(
  ctx: AppContext,
  user: SessionUser,
  ruleId: string,
  input: { language: IntegrationLanguage; baseUrl: string },
): Promise<TIntegrationCode> {
  const { payload } = await buildRuleSample(ctx, user, ruleId);
  return toCode(payload, input.language, input.baseUrl);
}
