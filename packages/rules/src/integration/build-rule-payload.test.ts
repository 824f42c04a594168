import { describe, expect, it } from 'vitest';
import { evaluateRule } from '../conditions/evaluate-rule';
import type { RuleCondition, RuleConditions, RuleOperator } from '../conditions/types';
import { buildRoutePayload } from './build-route-payload';
import { buildRulePayload } from './build-rule-payload';

const condition = (
  field: string,
  operator: RuleOperator,
  values: string[],
  caseSensitive = false,
): RuleCondition => ({
  field,
  operator,
  values,
  caseSensitive,
});
const conditionsOf = (rules: RuleCondition[], logic: 'AND' | 'OR' = 'AND'): RuleConditions => ({
  type: 'order.created',
  logic,
  rules,
});
const fields = [
  { path: 'data.customer.name', type: 'string' as const },
  { path: 'data.total', type: 'number' as const },
  { path: 'data.tags', type: 'array' as const },
];

/** Builds the payload and checks the engine agrees it fires the rule. */
function build(conditions: RuleConditions, routeFields = fields) {
  const result = buildRulePayload(conditions, routeFields, 'app-1');
  expect(evaluateRule({ conditions }, result.payload).match).toBe(result.isMatching);
  return result;
}

describe('buildRoutePayload', () => {
  it("When the event type has an example, then it is the data, and a rule's conditions are met on top of it", () => {
    const example = { message: { text: 'olá', from: '5511' }, channel: 'whatsapp' };
    expect(buildRoutePayload(fields, 'message.text.received', 'app-1', example).data).toEqual(example);
    const conditions = {
      type: 'message.text.received',
      logic: 'AND',
      rules: [{ field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['ajuda'] }],
    } as RuleConditions;
    const result = buildRulePayload(conditions, fields, 'app-1', example);
    expect(result.isMatching).toBe(true);
    expect(result.payload.data).toMatchObject({ message: { from: '5511' }, channel: 'whatsapp' });
    expect(example.message.text).toBe('olá');
  });

  it('When fields have paths, then data nests them with sample values and the alias is the event type', () => {
    expect(
      buildRoutePayload(
        [
          { path: 'data.message.text', type: 'string' },
          { path: 'data.items[0].qty', type: 'number' },
          { path: 'customer.email', type: 'string' },
          { path: 'eventType', type: 'string' },
          { path: 'data.__proto__.x', type: 'string' },
        ],
        'message.text.received',
        'app-1',
      ),
    ).toEqual({
      eventType: 'message.text.received',
      applicationId: 'app-1',
      data: {
        message: { text: 'exemplo' },
        items: [{ qty: 123 }],
        customer: { email: 'usuario@exemplo.com' },
      },
    });
  });

  it('When nothing is given, then the payload is an empty envelope', () => {
    expect(buildRoutePayload(null as never, 'a', 'b')).toEqual({
      eventType: 'a',
      applicationId: 'b',
      data: {},
    });
  });
});

describe('buildRulePayload', () => {
  it.each([
    [condition('data.status', 'EQUALS', ['paid', 'done']), 'paid'],
    [condition('data.status', 'CONTAINS_ANY', ['pedido', 'compra']), 'pedido'],
    [condition('data.status', 'CONTAINS_ALL', ['pedido', 'urgente']), 'pedido urgente'],
    [condition('data.status', 'REGEX', ['^PED-\\d{4}$']), 'PED-1111'],
    [condition('data.total', 'GREATER_THAN', ['100']), 101],
    [condition('data.total', 'GREATER_THAN', ['99.5']), 100],
    [condition('data.total', 'LESS_THAN', ['-3']), -4],
    [condition('data.at', 'DATE_AFTER', ['2024-01-01']), '2024-01-02T00:00:00.000Z'],
    [condition('data.at', 'DATE_BEFORE', [String(Date.UTC(2024, 0, 1))]), '2023-12-31T00:00:00.000Z'],
  ])('When the condition is %j, then the field gets %j and the rule fires', (cond, value) => {
    const result = build(conditionsOf([cond]));
    expect(result).toMatchObject({ isMatching: true, problems: [] });
    const [, key = ''] = cond.field.split('.');
    expect((result.payload.data as Record<string, unknown>)[key]).toEqual(value);
    expect(result.payload.eventType).toBe('order.created');
    expect(result.payload.applicationId).toBe('app-1');
  });

  it('When AND has several conditions, then every one holds and other route fields keep their samples', () => {
    const result = build(
      conditionsOf([
        condition('data.message.text', 'CONTAINS_ALL', ['pedido', 'urgente']),
        condition('data.message.text', 'REGEX', ['^PED']),
        condition('data.total', 'GREATER_THAN', ['100']),
        condition('data.total', 'LESS_THAN', ['200']),
        condition('data.items[1].sku', 'EQUALS', ['A-1'], true),
      ]),
    );
    expect(result.isMatching).toBe(true);
    expect(result.payload.data).toEqual({
      customer: { name: 'Exemplo' },
      total: 101,
      tags: [],
      message: { text: 'PED pedido urgente' },
      items: [null, { sku: 'A-1' }],
    });
  });

  it('When AND conditions on one field cannot share a value, then an array gives each its element', () => {
    const result = build(
      conditionsOf([
        condition('data.total', 'GREATER_THAN', ['100']),
        condition('data.total', 'LESS_THAN', ['50']),
      ]),
    );
    expect(result.isMatching).toBe(true);
    expect((result.payload.data as Record<string, unknown>).total).toEqual([101, 49]);
  });

  it('When the route declares a field as an array, then its value is a list', () => {
    const result = build(conditionsOf([condition('data.tags', 'EQUALS', ['vip'])]));
    expect((result.payload.data as Record<string, unknown>).tags).toEqual(['vip']);
  });

  it('When OR has a condition that cannot be generated, then the next one is satisfied instead', () => {
    const result = build(
      conditionsOf(
        [condition('data.code', 'REGEX', ['a^b']), condition('data.total', 'LESS_THAN', ['10'])],
        'OR',
      ),
    );
    expect(result).toMatchObject({ isMatching: true, problems: [] });
    expect(result.payload.data).toEqual({ customer: { name: 'Exemplo' }, total: 9, tags: [] });
  });

  it('When AND has a condition that cannot be generated, then it reports which and why', () => {
    const result = build(
      conditionsOf([condition('data.code', 'REGEX', ['a^b']), condition('data.total', 'LESS_THAN', ['10'])]),
    );
    expect(result.isMatching).toBe(false);
    expect(result.problems).toEqual([
      'não foi possível gerar um valor para data.code que atenda corresponde a /a^b/',
    ]);
  });

  it('When a condition reads the event type, then the alias satisfies it or the conflict is reported', () => {
    expect(build(conditionsOf([condition('eventType', 'EQUALS', ['order.created'])])).isMatching).toBe(true);
    const conflict = build(conditionsOf([condition('eventType', 'EQUALS', ['other'])]));
    expect(conflict).toMatchObject({
      isMatching: false,
      problems: ['eventType (texto, 13 caracteres) não é igual a "other"'],
    });
    const organization = build(conditionsOf([condition('organizationId', 'EQUALS', ['org-9'])]));
    expect(organization).toMatchObject({ isMatching: true, payload: { organizationId: 'org-9' } });
  });

  it('When the rule is empty or malformed, then the route sample comes back with the problem', () => {
    expect(build(conditionsOf([]))).toMatchObject({ isMatching: false, problems: ['regra sem condições'] });
    const garbage = buildRulePayload(null as never, fields, 'app-1');
    expect(garbage.isMatching).toBe(false);
    expect(garbage.payload.data).toEqual({ customer: { name: 'Exemplo' }, total: 99.9, tags: [] });
  });

  it('When the same input is given twice, then the output is identical', () => {
    const conditions = conditionsOf([
      condition('data.x', 'REGEX', ['[a-z]+\\d{2}']),
      condition('data.y', 'DATE_AFTER', ['2030-05-05T10:00:00-03:00']),
    ]);
    expect(buildRulePayload(conditions, fields, 'a')).toEqual(
      buildRulePayload(structuredClone(conditions), fields, 'a'),
    );
  });
});
