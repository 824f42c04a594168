/** The operators that compare a field with values or numbers; the rest compare dates. */
export const RULE_VALUE_OPERATORS = [
  'EQUALS',
  'CONTAINS_ANY',
  'CONTAINS_ALL',
  'REGEX',
  'GREATER_THAN',
  'LESS_THAN',
] as const;
export const RULE_DATE_OPERATORS = ['DATE_AFTER', 'DATE_BEFORE'] as const;
export const RULE_OPERATORS = [...RULE_VALUE_OPERATORS, ...RULE_DATE_OPERATORS] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const RULE_LOGICS = ['AND', 'OR'] as const;
export type RuleLogic = (typeof RULE_LOGICS)[number];

export type RuleCondition = {
  field: string;
  operator: RuleOperator;
  values: string[];
  caseSensitive: boolean;
};
/** `type` is the event type alias the rule listens to; selecting rules by it is the caller's job. */
export type RuleConditions = { type: string; logic: RuleLogic; rules: RuleCondition[] };
/** What `POST /v1/emit-rules` receives; condition fields are paths into it (`data.message.text`). */
export type RuleEnvelope = {
  eventType: string;
  applicationId: string;
  organizationId?: string | null;
  externalEventId?: string | null;
  data: unknown;
};

export type ConditionResult = { match: boolean; reason: string };
/** `reason` summarises the rule; `conditions` has one entry per condition, in order. */
export type RuleResult = { match: boolean; reason: string; conditions: ConditionResult[] };

/** pt-BR wording of each operator, as the console labels them. */
export const RULE_OPERATOR_LABELS: Readonly<Record<RuleOperator, string>> = {
  EQUALS: 'Igual a',
  CONTAINS_ANY: 'Contém algum',
  CONTAINS_ALL: 'Contém todos',
  REGEX: 'Expressão regular',
  GREATER_THAN: 'Maior que',
  LESS_THAN: 'Menor que',
  DATE_AFTER: 'Data posterior a',
  DATE_BEFORE: 'Data anterior a',
};

/** Top-level envelope keys a condition path may start with. */
export const ENVELOPE_KEYS = [
  'eventType',
  'applicationId',
  'organizationId',
  'externalEventId',
  'data',
] as const;

export function isRuleOperator(value: unknown): value is RuleOperator {
  return typeof value === 'string' && (RULE_OPERATORS as readonly string[]).includes(value);
}

export function isRuleLogic(value: unknown): value is RuleLogic {
  return value === 'AND' || value === 'OR';
}
