import type { TRuleConditions } from '@wm/contracts';
import { describe, expect, it } from 'vitest';
import { sampleEnvelope, testRule } from './test-rule';

const conditions: TRuleConditions = {
  type: 'message.text.received',
  logic: 'AND',
  rules: [
    { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['olá', 'oi'], caseSensitive: false },
  ],
};
const rule = { applicationId: 'app-1', conditions };

describe('sampleEnvelope', () => {
  it("When a route has fields, then the sample fires the rule and has a value at each other field's path", () => {
    const text = sampleEnvelope(rule, [
      { path: 'data.message.text', type: 'string' },
      { path: 'data.message.count', type: 'number' },
    ]);
    const sample = JSON.parse(text);
    expect(sample).toMatchObject({
      eventType: 'message.text.received',
      applicationId: 'app-1',
      data: { message: { count: 123 } },
    });
    expect(testRule(rule, text)).toMatchObject({ kind: 'evaluated', result: { match: true } });
  });

  it('When the route has no fields, then the sample still fires the rule', () => {
    const text = sampleEnvelope(rule, []);
    expect(JSON.parse(text).data.message.text).toMatch(/olá|oi/);
    expect(testRule(rule, text)).toMatchObject({ result: { match: true } });
  });
});

describe('testRule', () => {
  it('When the data matches, then each condition says why', () => {
    const outcome = testRule(
      rule,
      JSON.stringify({
        eventType: 'message.text.received',
        applicationId: 'app-1',
        data: { message: { text: 'OI' } },
      }),
    );
    expect(outcome.kind).toBe('evaluated');
    if (outcome.kind !== 'evaluated') return;
    expect(outcome.result.match).toBe(true);
    expect(outcome.result.conditions).toHaveLength(1);
    expect(outcome.result.conditions[0]?.match).toBe(true);
    // The same reasons as the server keeps: the rule's values, the received value's type and length.
    expect(outcome.result.conditions[0]?.reason).toBe(
      'data.message.text (texto, 2 caracteres) contém "olá" ou "oi"',
    );
    expect(outcome.isOtherEventType).toBe(false);
  });

  it('When the field is missing, then the condition does not match and the reason says so', () => {
    const outcome = testRule(rule, JSON.stringify({ eventType: 'outro.tipo', data: {} }));
    if (outcome.kind !== 'evaluated') throw new Error('expected an evaluation');
    expect(outcome.result.match).toBe(false);
    expect(outcome.result.conditions[0]?.reason).toContain('ausente');
    expect(outcome.isOtherEventType).toBe(true);
  });

  it('When the text is not a JSON object, then it answers "Dados inválidos"', () => {
    expect(testRule(rule, '{ não é json')).toMatchObject({ kind: 'invalid-data', title: 'Dados inválidos' });
    expect(testRule(rule, '[1, 2]')).toMatchObject({ kind: 'invalid-data' });
  });
});
