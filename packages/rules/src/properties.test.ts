import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateFilter } from './filters/evaluate-filter';
import { evaluateFilters } from './filters/evaluate-filters';
import { FILTER_OPERATORS, type Filter, type FilterInput } from './filters/types';
import { getPath } from './paths/get-path';
import { buildSamplePayload } from './samples/build-sample-payload';
import { findTemplatePlaceholders } from './templates/find-template-placeholders';
import { renderTemplate } from './templates/render-template';
import type { TemplateContext } from './templates/types';

const pathText = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'a',
    'a.b',
    'items.0.id',
    'items[0].id',
    '__proto__',
    'constructor.name',
    '[0]',
    'a..b',
    'a[',
  ),
  fc
    .array(fc.oneof(fc.constantFrom('a', 'b', '0', '1', '[0]', '__proto__'), fc.string()), { maxLength: 5 })
    .map((parts) => parts.join('.')),
);

const filterArb: fc.Arbitrary<Filter> = fc.record({
  origin: fc.constantFrom('HEADER' as const, 'BODY' as const),
  field: pathText,
  operator: fc.constantFrom(...FILTER_OPERATORS),
  value: fc.oneof(fc.string(), fc.constantFrom('', '10', '10.0', '-1e3', 'true', 'null', '[]')),
});

/** Filters as a client might actually send them: any JSON at all. */
const oddFilterArb = fc.oneof(filterArb, fc.jsonValue()) as fc.Arbitrary<Filter>;

const headersArb = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('x-a', 'X-A', 'content-type', '__proto__', 'constructor')),
  fc.oneof(fc.string(), fc.array(fc.string()), fc.constant(undefined)),
);

const inputArb: fc.Arbitrary<FilterInput> = fc.record({ headers: headersArb, body: fc.jsonValue() });

const placeholderText = fc.constantFrom(
  '#eventId#',
  '#eventName#',
  '#timestamp#',
  '#data#',
  '{{payload}}',
  '{{payload.a}}',
  '{{ payload.a.0 }}',
  '{{data.b[1]}}',
  '{{payload.__proto__}}',
  '{{',
  '}}',
  '#',
);

/** JSON whose strings may contain placeholders and template noise. */
const templateArb = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(fc.oneof(fc.string(), placeholderText), { maxLength: 4 }).map((parts) => parts.join('')),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 }),
  ),
})).node;

const contextArb: fc.Arbitrary<TemplateContext> = fc.record({
  eventId: fc.string(),
  eventName: fc.string(),
  timestamp: fc.string(),
  data: fc.jsonValue(),
  payload: fc.jsonValue(),
});

/** Strings (values and keys) with `#` and `{` replaced, so no placeholder can form. */
function withoutPlaceholders(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/[#{]/g, '_');
  if (Array.isArray(value)) return value.map(withoutPlaceholders);
  if (typeof value !== 'object' || value === null) return value;
  const record: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    // defineProperty keeps a generated "__proto__" key as plain data.
    Object.defineProperty(record, key, {
      value: withoutPlaceholders(inner),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return record;
}

const plainJsonArb = fc.jsonValue().map(withoutPlaceholders);

describe('rules properties', () => {
  it('When filters are evaluated on arbitrary JSON, then they never throw and always explain failures', () => {
    fc.assert(
      fc.property(fc.array(oddFilterArb, { maxLength: 5 }), inputArb, (filters, input) => {
        const result = evaluateFilters(filters, input);
        expect(typeof result.match).toBe('boolean');
        expect(result.match).toBe(result.failures.length === 0);
        for (const failure of result.failures) expect(typeof failure.reason).toBe('string');
        if (!result.match) expect(result.reason).toMatch(/^\d+ filtro\(s\) falharam: /);
      }),
    );
  });

  it('When one filter is evaluated twice on the same input, then the result is the same', () => {
    fc.assert(
      fc.property(oddFilterArb, inputArb, (filter, input) => {
        expect(evaluateFilter(filter, input)).toEqual(evaluateFilter(filter, input));
        expect(evaluateFilters([filter], input)).toEqual(evaluateFilters([filter], input));
      }),
    );
  });

  it('When a filter passes, then its negation fails for = / != and CONTAINS / NOT_CONTAINS on found values', () => {
    const pairs = { '=': '!=', '!=': '=', CONTAINS: 'NOT_CONTAINS', NOT_CONTAINS: 'CONTAINS' } as const;
    fc.assert(
      fc.property(filterArb, inputArb, (filter, input) => {
        if (!(filter.operator in pairs)) return;
        const result = evaluateFilter(filter, input);
        if (!result.found || result.actual === null || result.actual === undefined) return;
        const negated = { ...filter, operator: pairs[filter.operator as keyof typeof pairs] };
        expect(evaluateFilter(negated, input).match).toBe(!result.match);
      }),
    );
  });

  it('When a path is read from arbitrary JSON, then it never throws and is deterministic', () => {
    fc.assert(
      fc.property(fc.jsonValue(), pathText, (value, path) => {
        const first = getPath(value, path);
        expect(first).toEqual(getPath(value, path));
        if (!first.found) expect(first.value).toBeUndefined();
      }),
    );
  });

  it('When a value is placed at a simple path, then getPath finds it', () => {
    const key = fc
      .string({ minLength: 1 })
      .filter((k) => !/[.[\]]/.test(k) && !['__proto__', 'constructor', 'prototype'].includes(k));
    fc.assert(
      fc.property(fc.array(key, { minLength: 1, maxLength: 5 }), fc.jsonValue(), (keys, leaf) => {
        const root = keys.reduceRight<unknown>((inner, k) => Object.fromEntries([[k, inner]]), leaf);
        expect(getPath(root, keys.join('.'))).toEqual({ found: true, value: leaf });
      }),
    );
  });

  it('When a template is rendered against arbitrary data, then it never throws, is deterministic and leaves the template intact', () => {
    fc.assert(
      fc.property(templateArb, contextArb, (template, context) => {
        const before = JSON.stringify(template);
        const first = renderTemplate(template, context);
        expect(JSON.stringify(template)).toBe(before);
        expect(renderTemplate(template, context)).toEqual(first);
        expect(Array.isArray(findTemplatePlaceholders(template))).toBe(true);
      }),
    );
  });

  it('When a template has no placeholders, then rendering returns a deep-equal fresh copy', () => {
    fc.assert(
      fc.property(plainJsonArb, contextArb, (template, context) => {
        const rendered = renderTemplate(template, context);
        expect(rendered).toStrictEqual(template);
        if (typeof template === 'object' && template !== null) expect(rendered).not.toBe(template);
        expect(findTemplatePlaceholders(template)).toEqual([]);
      }),
    );
  });

  it('When the template is exactly #data#, then the result deep-equals the data', () => {
    fc.assert(
      fc.property(contextArb, (context) => {
        expect(renderTemplate('#data#', context)).toStrictEqual(context.data);
      }),
    );
  });

  it('When sample payloads are built from arbitrary fields, then it never throws and paths are readable', () => {
    const typeArb = fc.constantFrom(
      'string' as const,
      'number' as const,
      'boolean' as const,
      'array' as const,
      'object' as const,
    );
    fc.assert(
      fc.property(fc.array(fc.record({ path: pathText, type: typeArb }), { maxLength: 8 }), (fields) => {
        const payload = buildSamplePayload(fields);
        expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
        expect(buildSamplePayload(fields)).toEqual(payload);
      }),
    );
  });
});
