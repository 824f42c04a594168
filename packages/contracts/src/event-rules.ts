import {
  checkRegexPattern,
  parsePath,
  RULE_LOGICS,
  RULE_OPERATORS,
  RULE_VALUE_OPERATORS,
  type RuleCondition,
  type RuleConditions,
  type RuleLogic,
  type RuleOperator,
} from '@wm/rules';
import { z } from 'zod';
import { listQuery, paginated, queryBoolean, ZId } from './common';
import { ZEmitRequest } from './emit';
import { addIssue, isPlainObject } from './json-field';

export { RULE_LOGICS, RULE_OPERATORS, type RuleLogic, type RuleOperator };

/** Operators offered by the rule form; the date ones are accepted by the API and only labelled on screen. */
export const RULE_FORM_OPERATORS: readonly RuleOperator[] = RULE_VALUE_OPERATORS;

export const RULE_PAGE_SIZE = 20;
export const RULE_EXECUTION_PAGE_SIZE = 20;
export const MAX_RULE_CONDITIONS = 50;
export const MAX_CONDITION_VALUES = 100;
export const MAX_CONDITION_VALUE_LENGTH = 2000;

export const RULE_NOT_FOUND = 'Regra não encontrada';
export const RULE_WITHOUT_EVENT = 'Regra sem evento vinculado';

/** The rule form's submit messages: the toast title and the text (the API answers the text). */
export const RULE_NAME_REQUIRED = 'Por favor, insira um nome para a regra.';
export const RULE_APPLICATION_REQUIRED = 'Por favor, selecione uma aplicação.';
export const RULE_CONDITIONS_REQUIRED = 'Por favor, adicione pelo menos uma condição.';
export const RULE_ROUTE_REQUIRED = 'Por favor, selecione uma rota.';
export const RULE_FORM_MESSAGE_TITLES: Record<string, string> = {
  [RULE_NAME_REQUIRED]: 'Nome obrigatório',
  [RULE_APPLICATION_REQUIRED]: 'Aplicação obrigatória',
  [RULE_CONDITIONS_REQUIRED]: 'Condições obrigatórias',
  [RULE_ROUTE_REQUIRED]: 'Rota obrigatória',
};
export const BLANK_VALUE_MESSAGE = 'Valor não pode ser vazio';

export type TRuleCondition = RuleCondition;
export type TRuleConditions = RuleConditions;

/** One value of a condition: trimmed, never blank. */
export const ZConditionValue = z
  .string({ error: 'Valor deve ser um texto' })
  .trim()
  .min(1, { error: BLANK_VALUE_MESSAGE })
  .max(MAX_CONDITION_VALUE_LENGTH, {
    error: `Valor deve ter no máximo ${MAX_CONDITION_VALUE_LENGTH} caracteres`,
  });

/** Per-condition checks with 'Condição n: …' messages (n from 1). */
function checkCondition(condition: unknown, index: number, ctx: z.RefinementCtx) {
  const label = `Condição ${index + 1}`;
  const path: PropertyKey[] = ['rules', index];
  if (!isPlainObject(condition)) {
    addIssue(ctx, `${label}: condição inválida`, path);
    return;
  }
  const field = typeof condition.field === 'string' ? condition.field.trim() : '';
  if (field === '') addIssue(ctx, `${label}: campo é obrigatório`, [...path, 'field']);
  else if (parsePath(field) === null)
    addIssue(ctx, `${label}: campo inválido (use um caminho como data.message.text)`, [...path, 'field']);
  const operator = condition.operator;
  const isOperator = RULE_OPERATORS.includes(operator as RuleOperator);
  if (!isOperator) addIssue(ctx, `${label}: operador inválido`, [...path, 'operator']);
  if (condition.caseSensitive !== undefined && typeof condition.caseSensitive !== 'boolean')
    addIssue(ctx, `${label}: diferenciar maiúsculas deve ser verdadeiro ou falso`, [
      ...path,
      'caseSensitive',
    ]);
  if (!Array.isArray(condition.values) || condition.values.length === 0) {
    addIssue(ctx, `${label}: adicione pelo menos um valor`, [...path, 'values']);
    return;
  }
  if (condition.values.length > MAX_CONDITION_VALUES)
    addIssue(ctx, `${label}: máximo de ${MAX_CONDITION_VALUES} valores`, [...path, 'values']);
  condition.values.forEach((value, valueIndex) => {
    const checked = ZConditionValue.safeParse(value);
    if (!checked.success) {
      addIssue(ctx, `${label}: ${checked.error.issues[0]?.message}`, [...path, 'values', valueIndex]);
      return;
    }
    if (operator === 'REGEX') {
      const pattern = checkRegexPattern(checked.data);
      if (!pattern.ok) addIssue(ctx, `${label}: ${pattern.reason}`, [...path, 'values', valueIndex]);
    }
  });
}

const toCondition = (condition: Record<string, unknown>): TRuleCondition => ({
  field: String(condition.field).trim(),
  operator: condition.operator as RuleOperator,
  values: (condition.values as string[]).map((value) => value.trim()),
  caseSensitive: condition.caseSensitive === true,
});

/** `conditions` of a rule: `type` is the route event type's alias the rule listens to. */
export const ZRuleConditions = z
  .object(
    {
      type: z
        .string({ error: 'Tipo de evento deve ser um texto' })
        .trim()
        .max(255, { error: 'Tipo de evento deve ter no máximo 255 caracteres' })
        .default(''),
      logic: z.enum(RULE_LOGICS, { error: 'Lógica deve ser AND ou OR' }).default('AND'),
      rules: z
        .array(z.unknown(), { error: RULE_CONDITIONS_REQUIRED })
        .min(1, { error: RULE_CONDITIONS_REQUIRED })
        .max(MAX_RULE_CONDITIONS, { error: `Máximo de ${MAX_RULE_CONDITIONS} condições` }),
    },
    { error: RULE_CONDITIONS_REQUIRED },
  )
  .superRefine((conditions, ctx) => {
    conditions.rules.forEach((condition, index) => {
      checkCondition(condition, index, ctx);
    });
  })
  .transform(
    (conditions): TRuleConditions => ({
      type: conditions.type,
      logic: conditions.logic,
      rules: conditions.rules.map((condition) => toCondition(condition as Record<string, unknown>)),
    }),
  );

const optionalRef = (invalid: string) =>
  z
    .union([z.literal(''), z.uuid({ error: invalid })], { error: invalid })
    .nullish()
    .transform((value) => value || null);

const ZRuleName = z
  .string({ error: RULE_NAME_REQUIRED })
  .trim()
  .min(1, { error: RULE_NAME_REQUIRED })
  .max(255, { error: 'Nome deve ter no máximo 255 caracteres' });

const ZRuleDescription = z
  .string({ error: 'Descrição deve ser um texto' })
  .trim()
  .max(1000, { error: 'Descrição deve ter no máximo 1000 caracteres' })
  .nullish()
  .transform((value) => value || null);

const requiredRef = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .pipe(z.uuid({ error: invalid }));

/**
 * Body of POST /event-rules (and the merged result of a PUT). With a route event type, the
 * condition type is that type's alias (the server sets it); without one it must be given.
 */
export const ZCreateEventRuleRequest = z
  .object({
    name: ZRuleName,
    description: ZRuleDescription,
    applicationId: requiredRef(RULE_APPLICATION_REQUIRED, 'Aplicação inválida'),
    routeId: requiredRef(RULE_ROUTE_REQUIRED, 'Rota inválida'),
    routeEventTypeId: optionalRef('Tipo de evento inválido'),
    eventId: optionalRef('Evento inválido'),
    isActive: z.boolean({ error: 'Ativo deve ser verdadeiro ou falso' }).default(true),
    conditions: ZRuleConditions,
  })
  .superRefine((rule, ctx) => {
    if (!rule.routeEventTypeId && rule.conditions.type === '')
      addIssue(ctx, 'Por favor, selecione um tipo de evento.', ['routeEventTypeId']);
  });
export type TCreateEventRuleRequest = z.input<typeof ZCreateEventRuleRequest>;
export type TEventRuleInput = z.output<typeof ZCreateEventRuleRequest>;

/**
 * Body of PUT /event-rules/{id}: absent fields keep their value, null clears an optional one.
 * The merged rule is then validated whole with ZCreateEventRuleRequest, so messages are the same.
 */
export const ZUpdateEventRuleRequest = z.object({
  name: z.string({ error: RULE_NAME_REQUIRED }).optional(),
  description: z.string({ error: 'Descrição deve ser um texto' }).nullable().optional(),
  applicationId: z.string({ error: RULE_APPLICATION_REQUIRED }).optional(),
  routeId: z.string({ error: RULE_ROUTE_REQUIRED }).optional(),
  routeEventTypeId: z.string({ error: 'Tipo de evento inválido' }).nullable().optional(),
  eventId: z.string({ error: 'Evento inválido' }).nullable().optional(),
  isActive: z.boolean({ error: 'Ativo deve ser verdadeiro ou falso' }).optional(),
  conditions: z.unknown().optional(),
});
export type TUpdateEventRuleRequest = z.input<typeof ZUpdateEventRuleRequest>;

export const ZLinkEventRequest = z.object({
  eventId: requiredRef('Evento é obrigatório', 'Evento inválido'),
});
export type TLinkEventRequest = z.infer<typeof ZLinkEventRequest>;

/** `GET /event-rules` query; `eventType` matches the condition type (part of it, any case). */
export const ZEventRuleListQuery = listQuery(RULE_PAGE_SIZE).extend({
  applicationId: z.uuid({ error: 'Aplicação inválida' }).optional(),
  routeId: z.uuid({ error: 'Rota inválida' }).optional(),
  routeEventTypeId: z.uuid({ error: 'Tipo de evento inválido' }).optional(),
  isActive: queryBoolean('Status inválido: use true ou false').optional(),
  eventType: z.string().trim().max(255, { error: 'Tipo de evento muito longo' }).optional(),
  withoutEvent: queryBoolean('withoutEvent deve ser true ou false').optional(),
});
export type TEventRuleListQuery = z.infer<typeof ZEventRuleListQuery>;

export const ZRuleExecutionListQuery = listQuery(RULE_EXECUTION_PAGE_SIZE).omit({ search: true });
export type TRuleExecutionListQuery = z.infer<typeof ZRuleExecutionListQuery>;

export const ZRuleIdParams = z.object({ id: ZId });

/* ---------- responses ---------- */

/** A rule's conditions as stored (already normalized by ZRuleConditions). */
export const ZRuleConditionsView = z.object({
  type: z.string(),
  logic: z.enum(RULE_LOGICS),
  rules: z.array(
    z.object({
      field: z.string(),
      operator: z.enum(RULE_OPERATORS),
      values: z.array(z.string()),
      caseSensitive: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<TRuleConditions>;

/** The event a rule emits, as the link-event panel shows it. */
export const ZRuleLinkedEvent = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string(),
  queueType: z.string(),
  status: z.string(),
  _count: z.object({ subscriptions: z.number().int() }),
});
export type TRuleLinkedEvent = z.infer<typeof ZRuleLinkedEvent>;

export const ZEventRule = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    applicationId: z.string(),
    application: z.object({ id: z.string(), name: z.string() }),
    routeId: z.string(),
    route: z.object({ id: z.string(), name: z.string() }),
    routeEventTypeId: z.string().nullable(),
    routeEventType: z
      .object({ id: z.string(), name: z.string(), alias: z.string(), isActive: z.boolean() })
      .nullable(),
    eventId: z.string().nullable(),
    event: ZRuleLinkedEvent.nullable(),
    isActive: z.boolean(),
    conditions: ZRuleConditionsView,
    _count: z.object({ executions: z.number().int() }),
    permissions: z.object({ canWrite: z.boolean(), canDelete: z.boolean() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EventRule' });
export type TEventRule = z.infer<typeof ZEventRule>;

export const ZEventRuleListResponse = paginated(ZEventRule)
  .extend({
    /** Over the whole filter, not the page. */
    stats: z.object({
      active: z.number().int(),
      inactive: z.number().int(),
      executions: z.number().int(),
    }),
  })
  .meta({ id: 'EventRuleList' });
export type TEventRuleListResponse = z.infer<typeof ZEventRuleListResponse>;

/** One action a rule execution ran: the event it emitted and the occurrence created. */
export const ZRuleExecutedAction = z.object({
  type: z.literal('EMIT_EVENT'),
  eventId: z.string(),
  eventName: z.string().nullable(),
  eventAlias: z.string().nullable(),
  occurrenceId: z.string().nullable(),
  success: z.boolean(),
  error: z.string().optional(),
});
export type TRuleExecutedAction = z.infer<typeof ZRuleExecutedAction>;

export const ZRuleExecution = z
  .object({
    id: z.string(),
    ruleId: z.string(),
    eventLogId: z.string().nullable(),
    success: z.boolean(),
    executedAt: z.string(),
    executionTimeMs: z.number().int(),
    executedActions: z.array(ZRuleExecutedAction),
    errorMessage: z.string().nullable(),
  })
  .meta({ id: 'RuleExecution' });
export type TRuleExecution = z.infer<typeof ZRuleExecution>;

export const ZRuleExecutionListResponse = paginated(ZRuleExecution).meta({ id: 'RuleExecutionList' });
export type TRuleExecutionListResponse = z.infer<typeof ZRuleExecutionListResponse>;

/* ---------- POST /emit-rules ---------- */

/** POST /emit-rules: the body of an emit, `eventType` being a route event type's alias. */
export const ZEmitRulesRequest = ZEmitRequest;
export type TEmitRulesRequest = z.infer<typeof ZEmitRulesRequest>;

/** 202 once the event log is committed; its rules run in the queue's consumer. */
export const ZEmitRulesResponse = z
  .object({
    eventLogId: ZId,
    /** The occurrence id (the event log's eventId). */
    eventId: ZId,
    status: z.literal('PENDING'),
  })
  .meta({ id: 'EmitRulesAnswer' });
export type TEmitRulesResponse = z.infer<typeof ZEmitRulesResponse>;
