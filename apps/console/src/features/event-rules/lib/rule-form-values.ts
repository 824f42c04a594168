import type {
  RuleLogic,
  TCreateEventRuleRequest,
  TEventRule,
  TRouteEventTypeDetail,
  TRuleCondition,
} from '@wm/contracts';

/** The rule form's state; `eventId` and `routeEventTypeId` are '' when none is chosen. */
export type RuleFormValues = {
  name: string;
  description: string;
  applicationId: string;
  routeId: string;
  routeEventTypeId: string;
  eventId: string;
  isActive: boolean;
  conditions: { type: string; logic: RuleLogic; rules: TRuleCondition[] };
};

/** A new rule is active with AND logic and no conditions; `?routeEventTypeId=` preselects route and type. */
export function newRuleFormValues(eventType?: TRouteEventTypeDetail): RuleFormValues {
  return {
    name: '',
    description: '',
    applicationId: eventType?.route.applicationId ?? '',
    routeId: eventType?.routeId ?? '',
    routeEventTypeId: eventType?.id ?? '',
    eventId: '',
    isActive: true,
    conditions: { type: eventType?.alias ?? '', logic: 'AND', rules: [] },
  };
}

export function ruleToFormValues(rule: TEventRule): RuleFormValues {
  return {
    name: rule.name,
    description: rule.description ?? '',
    applicationId: rule.applicationId,
    routeId: rule.routeId,
    routeEventTypeId: rule.routeEventTypeId ?? '',
    eventId: rule.eventId ?? '',
    isActive: rule.isActive,
    conditions: {
      type: rule.conditions.type,
      logic: rule.conditions.logic,
      rules: rule.conditions.rules.map((condition) => ({ ...condition, values: [...condition.values] })),
    },
  };
}

/** A new condition: the route's first field, CONTAINS_ANY, one empty value, case-insensitive. */
export const newCondition = (firstFieldPath = ''): TRuleCondition => ({
  field: firstFieldPath,
  operator: 'CONTAINS_ANY',
  values: [''],
  caseSensitive: false,
});

/**
 * A typed value added to a condition: trimmed; a blank one (or one already there) leaves the list
 * as it was. The placeholder empty value of a new condition gives way to the first real one.
 */
export function addConditionValue(values: readonly string[], typed: string): string[] | null {
  const value = typed.trim();
  if (value === '') return null;
  const kept = values.filter((existing) => existing.trim() !== '');
  if (kept.includes(value)) return null;
  return [...kept, value];
}

/** The request the form sends: empty placeholders dropped, the contracts' schema does the rest. */
export function ruleFormToRequest(form: RuleFormValues): TCreateEventRuleRequest {
  return {
    name: form.name,
    description: form.description,
    applicationId: form.applicationId,
    routeId: form.routeId,
    routeEventTypeId: form.routeEventTypeId || null,
    eventId: form.eventId || null,
    isActive: form.isActive,
    conditions: {
      type: form.conditions.type,
      logic: form.conditions.logic,
      rules: form.conditions.rules.map((condition) => ({
        ...condition,
        values: condition.values.filter((value) => value.trim() !== ''),
      })),
    },
  };
}
