import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateRule } from '../conditions/evaluate-rule';
import {
  RULE_OPERATORS,
  type RuleCondition,
  type RuleConditions,
  type RuleOperator,
} from '../conditions/types';
import type { SampleField } from '../samples/build-sample-payload';
import { buildRulePayload } from './build-rule-payload';
import { renderIntegrationCode } from './render-integration-code';

const dir = mkdtempSync(join(tmpdir(), 'wm-integration-props-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Characters that break naive code generation, plus ordinary ones. */
const hostileChar = fc.constantFrom(
  'a',
  'B',
  '7',
  ' ',
  '"',
  "'",
  '`',
  '$',
  '\\',
  '{',
  '}',
  '(',
  ')',
  'ü',
  'ç',
  '😀',
  '中',
  '\n',
  '\u2028',
  '%',
  '!',
  '#',
);
const hostileText = fc
  .string({ unit: hostileChar, minLength: 1, maxLength: 8 })
  .filter((text) => text.trim() !== '');
/** A path segment: anything but `.`/`[` (path syntax) and the prototype keys. */
const fieldName = hostileText.filter(
  (name) => !name.includes('.') && !['__proto__', 'constructor', 'prototype'].includes(name),
);

function valuesFor(operator: RuleOperator): fc.Arbitrary<string[]> {
  switch (operator) {
    case 'EQUALS':
    case 'CONTAINS_ANY':
    case 'CONTAINS_ALL':
      return fc.array(hostileText, { minLength: 1, maxLength: 3 });
    case 'REGEX':
      return fc
        .oneof(
          hostileText.map((text) => RE2JS.quote(text)),
          fc.constantFrom(
            '^PED-\\d{4}$',
            '[a-z]+@[a-z]+\\.com',
            '(sim|não)',
            '^\\w{3,}$',
            'x*y+z?',
            '[^0-9]{2}',
          ),
        )
        .filter((pattern) => pattern.trim() !== '')
        .map((pattern) => [pattern]);
    case 'GREATER_THAN':
    case 'LESS_THAN':
      return fc
        .oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.double({ min: -1e15, max: 1e15, noNaN: true }),
        )
        .map((limit) => [String(limit)]);
    case 'DATE_AFTER':
    case 'DATE_BEFORE':
      return fc
        .tuple(
          fc.date({
            min: new Date('1900-01-01T00:00:00Z'),
            max: new Date('2100-01-01T00:00:00Z'),
            noInvalidDate: true,
          }),
          fc.boolean(),
        )
        .map(([date, isIso]) => [isIso ? date.toISOString() : String(date.getTime())]);
  }
}

const ruleArb = fc
  .uniqueArray(fieldName, { minLength: 1, maxLength: 3 })
  .chain((names) =>
    fc.record({
      logic: fc.constantFrom('AND' as const, 'OR' as const),
      rules: fc.array(
        fc
          .tuple(fc.constantFrom(...names), fc.constantFrom(...RULE_OPERATORS), fc.boolean())
          .chain(([name, operator, caseSensitive]) =>
            valuesFor(operator).map(
              (values): RuleCondition => ({ field: `data.${name}`, operator, values, caseSensitive }),
            ),
          ),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  )
  .map((rule): RuleConditions => ({ type: 'evento.teste', ...rule }));

const fieldsArb: fc.Arbitrary<SampleField[]> = fc.array(
  fc.record({
    path: fc.array(fieldName, { minLength: 1, maxLength: 2 }).map((names) => `data.${names.join('.')}`),
    type: fc.constantFrom(
      'string' as const,
      'number' as const,
      'boolean' as const,
      'array' as const,
      'object' as const,
    ),
  }),
  { maxLength: 3 },
);

describe('integration properties', () => {
  it('When any rule is generated for, then its payload fires it and the code of every language parses', () => {
    const files: Record<'mjs' | 'py' | 'sh', string[]> = { mjs: [], py: [], sh: [] };
    let run = 0;
    fc.assert(
      fc.property(ruleArb, fieldsArb, hostileText, (conditions, fields, applicationId) => {
        const result = buildRulePayload(conditions, fields, applicationId);
        expect(result.problems).toEqual([]);
        expect(result.isMatching).toBe(true);
        expect(evaluateRule({ conditions }, result.payload).match).toBe(true);
        expect(buildRulePayload(structuredClone(conditions), fields, applicationId)).toEqual(result);

        run++;
        const baseUrl = `http://localhost:3333/${applicationId}`;
        for (const [language, extension] of [
          ['javascript', 'mjs'],
          ['python', 'py'],
          ['curl', 'sh'],
        ] as const) {
          const path = join(dir, `code-${run}.${extension}`);
          writeFileSync(path, renderIntegrationCode({ language, baseUrl, payload: result.payload }));
          files[extension].push(path);
        }
      }),
      { numRuns: 30 },
    );

    // Parse only (nothing runs): one process per language where the tool takes many files.
    for (const file of files.mjs) execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' });
    execFileSync('python3', ['-m', 'py_compile', ...files.py], { stdio: 'pipe' });
    execFileSync('bash', ['-c', 'for f in "$@"; do bash -n "$f" || exit 1; done', 'check', ...files.sh], {
      stdio: 'pipe',
    });
  }, 60_000);
});
