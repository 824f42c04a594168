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
    expect(explained.conditions[1]?.reason).toContain('50');
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
