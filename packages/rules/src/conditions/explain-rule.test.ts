import { describe, expect, it } from 'vitest';
import { evaluateRule } from './evaluate-rule';
import { explainRule, MAX_EXPLAINED_REASON } from './explain-rule';
import type { RuleConditions } from './types';

const conditions: RuleConditions = {
  type: 'message.text.received',
  logic: 'AND',
  rules: [
    { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['olá'], caseSensitive: false },
    { field: 'data.total', operator: 'GREATER_THAN', values: ['100'], caseSensitive: false },
  ],
};
const rule = { id: 'r1', name: 'Saudação', conditions };

describe('explainRule', () => {
  it('When a condition fails, then its field, operator and reason are kept and the rule does not match', () => {
    const envelope = {
      eventType: 'message.text.received',
      applicationId: 'a',
      data: { message: { text: 'Olá!' }, total: 50 },
    };
    const explained = explainRule(rule, evaluateRule(rule, envelope));
    expect(explained).toMatchObject({ ruleId: 'r1', ruleName: 'Saudação', isMatch: false });
    expect(
      explained.conditions.map(({ field, operator, isMatch }) => ({ field, operator, isMatch })),
    ).toEqual([
      { field: 'data.message.text', operator: 'CONTAINS_ANY', isMatch: true },
      { field: 'data.total', operator: 'GREATER_THAN', isMatch: false },
    ]);
    // The rule's side, and the received value's type only: never the value (50).
    expect(explained.conditions[1]?.reason).toBe('data.total (número) não é maior que 100');
  });

  it('When received values are texts, lists or objects, then the reasons give their type and size, never their content', () => {
    const secret = 'CPF 123.456.789-00';
    const typed = {
      id: 'r2',
      name: 'Tipos',
      conditions: {
        type: 't',
        logic: 'AND',
        rules: [
          { field: 'data.doc', operator: 'EQUALS', values: ['x'], caseSensitive: false },
          { field: 'data.nested', operator: 'CONTAINS_ANY', values: ['y'], caseSensitive: false },
          { field: 'data.one', operator: 'CONTAINS_ALL', values: ['a', 'z'], caseSensitive: false },
          { field: 'data.lists', operator: 'EQUALS', values: ['k'], caseSensitive: false },
        ],
      } satisfies RuleConditions,
    };
    const data = { doc: secret, nested: { cpf: secret, card: '4111' }, one: 'a', lists: [[secret]] };
    const explained = explainRule(typed, evaluateRule(typed, { eventType: 't', applicationId: 'a', data }));
    expect(explained.conditions.map((condition) => condition.reason)).toEqual([
      `data.doc (texto, ${secret.length} caracteres) não é igual a "x"`,
      'data.nested (objeto, 2 chaves) não contém "y"',
      'data.one (texto, 1 caractere) não contém "a" e "z"',
      'nenhum item de data.lists é igual a "k"',
    ]);
    expect(JSON.stringify(explained)).not.toContain('123.456');
  });

  it('When the data is huge, then what is kept is the bounded reason, not the data', () => {
    const text = 'x'.repeat(100_000);
    const envelope = {
      eventType: 'message.text.received',
      applicationId: 'a',
      data: { message: { text }, total: 500 },
    };
    const explained = explainRule(rule, evaluateRule(rule, envelope));
    expect(JSON.stringify(explained).length).toBeLessThan(2 * MAX_EXPLAINED_REASON + 400);
    for (const condition of explained.conditions)
      expect(condition.reason.length).toBeLessThanOrEqual(MAX_EXPLAINED_REASON + 1);
  });
});
