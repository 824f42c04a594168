import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { generateRegexSample } from './generate-regex-sample';

describe('generateRegexSample', () => {
  it.each([
    ['^PED-\\d{4}$', 'PED-1111'],
    ['a|b', 'a'],
    ['[^a-z]', 'A'],
    ['(?i)abc', 'abc'],
    ['\\p{Greek}+', 'α'],
    ['^[a-z]+@exemplo\\.com$', 'a@exemplo.com'],
    ['(entrega|frete).*(hoje|amanhã)', 'entregahoje'],
    ['[[:alpha:]]{3}', 'aaa'],
    ['\\x41\\x{263a}\\101', 'A☺A'],
    ['\\Qa.b*\\E', 'a.b*'],
    ['(?P<n>x)(?<m>y)', 'xy'],
    ['\\bword\\b', 'word'],
    ['^$', ''],
    ['[]a]', 'a'],
    ['[]]', ']'],
    ['\\d+\\.\\d{2}', '1.11'],
    ['x{2,5}y*z+?', 'xxz'],
    ['[^\\w]', ' '],
    ['\\pL\\PL', 'a1'],
    ['(?s:.)\\n\\t', 'a\n\t'],
    ['😀+[😀-😂]', '😀😀'],
    ['a{2}{3}', null],
    ['\\C', null],
    ['a^b', null],
    ['(', null],
    ['(?=a)', null],
    ['(a{1000}){1000}', null],
  ])('When the pattern is %j, then the sample is %j', (pattern, expected) => {
    expect(generateRegexSample(pattern)).toBe(expected);
  });

  it('When the condition ignores case, then the sample still matches', () => {
    expect(generateRegexSample('^[A-Z]{2}$', false)).toBe('AA');
  });

  // Patterns built from the constructs a rule author writes, so generation must never give up.
  const literal = fc.constantFrom('a', 'Z', '7', '-', '\\.', '\\$', '\\\\', 'ç', '😀', ' ', '@', '\\n');
  const charClass = fc.constantFrom(
    '[a-z]',
    '[^0-9]',
    '[A-Fa-f0-9]',
    '\\d',
    '\\w',
    '\\s',
    '\\D',
    '.',
    '[[:upper:]]',
    '[\\d_]',
  );
  const regexArb: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      literal,
      charClass,
      fc.tuple(tie('node'), tie('node')).map(([a, b]) => `${a}${b}`),
      fc.tuple(tie('node'), tie('node')).map(([a, b]) => `(${a}|${b})`),
      fc
        .tuple(tie('node'), fc.constantFrom('*', '+', '?', '{2}', '{1,3}', '{0,}', '+?'))
        .map(([a, q]) => `(?:${a})${q}`),
    ),
  })).node;

  it('When a pattern uses literals, classes, groups, alternation and quantifiers, then a matching sample is generated', () => {
    fc.assert(
      fc.property(
        regexArb,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (body, isStart, isEnd, caseSensitive) => {
          const pattern = `${isStart ? '^' : ''}${body}${isEnd ? '$' : ''}`;
          const sample = generateRegexSample(pattern, caseSensitive);
          expect(sample).not.toBeNull();
          const flags = caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE;
          expect(RE2JS.compile(pattern, flags).test(sample as string)).toBe(true);
          expect(generateRegexSample(pattern, caseSensitive)).toBe(sample);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('When the pattern is anything at all, then generation never throws and any sample matches', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (pattern) => {
        const sample = generateRegexSample(pattern);
        if (sample !== null) expect(RE2JS.compile(pattern).test(sample)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
