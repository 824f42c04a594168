import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRule } from './compile-rule';
import { evaluateCompiledRule, evaluateRule, matchCompiledRule } from './evaluate-rule';
import { compileRuleSet, matchRuleSet } from './match-rule-set';
import { RULE_OPERATORS, type RuleCondition, type RuleEnvelope } from './types';

/** Small alphabets and ranges so that generated values and data often meet. */
const smallText = fc.string({ unit: fc.constantFrom('a', 'b', 'A', '1', '0'), minLength: 1, maxLength: 3 });
const dateText = fc.constantFrom(
  '2024-01-01',
  '2024-06-01T10:00:00-03:00',
  '1700000000000',
  '2031-12-31T23:59:59Z',
);
const leaf = fc.oneof(
  { weight: 4, arbitrary: smallText },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 5 }) },
  { weight: 1, arbitrary: dateText },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(' 1.5 '),
    ),
  },
);
const dataArb = fc.record(
  {
    a: fc.oneof(leaf, fc.array(leaf, { maxLength: 4 })),
    b: fc.oneof(leaf, fc.record({ c: leaf })),
    list: fc.array(fc.oneof(leaf, fc.record({ c: leaf })), { maxLength: 3 }),
  },
  { requiredKeys: ['a', 'b'] },
);
const fieldArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'data.a',
      'data.b',
      'data.b.c',
      'data.list',
      'data.list[0].c',
      'data.list.1.c',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'data.missing',
      'eventType',
      'organizationId',
      'data.__proto__',
      'constructor',
      'data..a',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);
const valueArb = fc.oneof(
  { weight: 4, arbitrary: smallText },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 5 }).map(String) },
  { weight: 1, arbitrary: dateText },
  { weight: 1, arbitrary: fc.constantFrom('^a', 'b$', '[0-9]+', '(a+)+$', '(', '.*', '1e0') },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const conditionArb: fc.Arbitrary<RuleCondition> = fc.record({
  field: fieldArb,
  operator: fc.constantFrom(...RULE_OPERATORS),
  values: fc.array(valueArb, { minLength: 1, maxLength: 3 }),
  caseSensitive: fc.boolean(),
});
const envelopeArb: fc.Arbitrary<RuleEnvelope> = fc.record({
  eventType: fc.constantFrom('message.text.received', 'a'),
  applicationId: fc.constant('app'),
  organizationId: fc.option(fc.constantFrom('org', 'A'), { nil: null }),
  externalEventId: fc.constant(null),
  data: fc.oneof({ weight: 4, arbitrary: dataArb }, { weight: 1, arbitrary: fc.jsonValue() }),
});
const ruleOf = (conditions: RuleCondition[], logic: 'AND' | 'OR') => ({
  conditions: { type: 'message.text.received', logic, rules: conditions },
});

describe('rule condition properties', () => {
  it('When anything at all is given, then compiling and evaluating never throw', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (rule, envelope) => {
        const result = evaluateRule(rule as never, envelope as never);
        expect(typeof result.match).toBe('boolean');
        expect(typeof result.reason).toBe('string');
        const compiled = compileRule(rule);
        expect(matchCompiledRule(compiled, envelope as never)).toBe(result.match);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            field: fieldArb,
            operator: fc.anything(),
            values: fc.anything(),
            caseSensitive: fc.anything(),
          }),
        ),
        fc.anything(),
        envelopeArb,
        (conditions, logic, envelope) => {
          const result = evaluateRule(
            { conditions: { type: 't', logic, rules: conditions } } as never,
            envelope,
          );
          expect(
            result.conditions.every((c) => typeof c.match === 'boolean' && typeof c.reason === 'string'),
          ).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('When the same rule meets the same envelope, then the answer is identical every time', () => {
    fc.assert(
      fc.property(
        fc.array(conditionArb, { maxLength: 4 }),
        fc.constantFrom('AND' as const, 'OR' as const),
        envelopeArb,
        (conditions, logic, envelope) => {
          const rule = ruleOf(conditions, logic);
          const compiled = compileRule(rule);
          const first = evaluateRule(rule, envelope);
          expect(evaluateRule(structuredClone(rule), structuredClone(envelope))).toEqual(first);
          expect(evaluateCompiledRule(compiled, envelope)).toEqual(first);
          expect(evaluateCompiledRule(compiled, envelope)).toEqual(first);
          expect(matchCompiledRule(compiled, envelope)).toBe(first.match);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('When conditions are combined, then AND is every single match and OR is some', () => {
    let matches = 0;
    fc.assert(
      fc.property(
        fc.array(conditionArb, { minLength: 1, maxLength: 4 }),
        envelopeArb,
        (conditions, envelope) => {
          const singles = conditions.map((condition) => evaluateRule(ruleOf([condition], 'AND'), envelope));
          const all = evaluateRule(ruleOf(conditions, 'AND'), envelope);
          const some = evaluateRule(ruleOf(conditions, 'OR'), envelope);
          expect(all.match).toBe(singles.every((single) => single.match));
          expect(some.match).toBe(singles.some((single) => single.match));
          expect(all.conditions).toEqual(singles.map((single) => single.conditions[0]));
          expect(some.conditions).toEqual(all.conditions);
          if (some.match) matches++;
        },
      ),
      { numRuns: 300 },
    );
    // The generators must produce matching rules too, or the laws above hold vacuously.
    expect(matches).toBeGreaterThan(10);
  });

  it('When a rule has one condition, then AND and OR agree', () => {
    fc.assert(
      fc.property(conditionArb, envelopeArb, (condition, envelope) => {
        expect(evaluateRule(ruleOf([condition], 'AND'), envelope).match).toBe(
          evaluateRule(ruleOf([condition], 'OR'), envelope).match,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('When conditions are reordered, then the match does not change', () => {
    fc.assert(
      fc.property(
        fc.array(conditionArb, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('AND' as const, 'OR' as const),
        envelopeArb,
        (conditions, logic, envelope) => {
          expect(evaluateRule(ruleOf([...conditions].reverse(), logic), envelope).match).toBe(
            evaluateRule(ruleOf(conditions, logic), envelope).match,
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('When rules are compiled as a set, then the set matches exactly the rules that match alone', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            logic: fc.constantFrom('AND' as const, 'OR' as const),
            rules: fc.array(conditionArb, { maxLength: 3 }),
          }),
          { maxLength: 8 },
        ),
        fc.array(envelopeArb, { minLength: 1, maxLength: 3 }),
        (ruleList, envelopes) => {
          const entries = ruleList.map((conditions, id) => ({
            id,
            conditions: { type: 't', ...conditions },
          }));
          const set = compileRuleSet(entries);
          for (const envelope of envelopes) {
            const alone = entries
              .filter((entry) => evaluateRule(entry, envelope).match)
              .map((entry) => entry.id);
            expect(matchRuleSet(set, envelope)).toEqual(alone);
          }
        },
      ),
      { numRuns: 200 },
    );
    for (const garbage of [null, undefined, 42, [null], [{ id: 1 }], [{ id: 2, conditions: 'x' }]]) {
      const set = compileRuleSet(garbage as never);
      expect(matchRuleSet(set, { eventType: 't', applicationId: 'a', data: {} })).toEqual([]);
      expect(matchRuleSet(set, null as never)).toEqual([]);
    }
  });
});
