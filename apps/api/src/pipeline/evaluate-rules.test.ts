import { describe, expect, it } from 'vitest';
import { evaluateRules } from './evaluate-rules';
import { toAliasRules } from './rules-cache';

const regexRule = (index: number, pattern: string) => ({
  id: `rule-${index}`,
  name: `Regra ${index}`,
  eventId: null,
  routeId: 'route',
  conditions: {
    type: 'msg',
    logic: 'AND',
    rules: [{ field: 'data.text', operator: 'REGEX', values: [pattern], caseSensitive: false }],
  },
});

const envelope = (text: string) => ({ eventType: 'msg', applicationId: 'app', data: { text } });

describe('evaluateRules', () => {
  it('When the rules scan more text than the budget allows, then evaluation stops with the pt-BR reason and no match', async () => {
    const rules = toAliasRules(
      Array.from({ length: 10 }, (_, index) => regexRule(index, 'z$')),
      {},
    );
    const evaluation = await evaluateRules(rules, envelope('a'.repeat(1_000)), {
      timeMs: 60_000,
      maxScanned: 3_500,
    });
    expect(evaluation.stopped).toBe(
      'Avaliação das regras interrompida: mais de 3.500 caracteres de texto examinados (4 de 10 regras avaliadas); nenhuma ação executada',
    );
  });

  it('When the rules fit the budget, then every rule is evaluated and the matches answered', async () => {
    const rules = toAliasRules([regexRule(0, 'z$'), regexRule(1, 'a$')], {});
    const evaluation = await evaluateRules(rules, envelope('aaa'), { timeMs: 60_000, maxScanned: 1_000 });
    expect(evaluation.stopped).toBeNull();
    expect(evaluation.matched.map((rule) => rule.id)).toEqual(['rule-1']);
    expect(evaluation.explanations).toHaveLength(2);
  });

  it('When a REGEX condition meets a text over its limit, then it does not match, scans nothing, and says why', async () => {
    const rules = toAliasRules([regexRule(0, 'a')], { maxRegexTextLength: 10 });
    const evaluation = await evaluateRules(rules, envelope('a'.repeat(11)), {
      timeMs: 60_000,
      maxScanned: 1,
    });
    expect(evaluation.stopped).toBeNull();
    expect(evaluation.matched).toEqual([]);
    expect(evaluation.explanations[0]?.conditions[0]?.reason).toBe(
      'data.text (texto, 11 caracteres) passa do limite de 10 caracteres para REGEX (não avaliado)',
    );
  });
});
