import { describe, expect, it } from 'vitest';
import { findJsonFlaw, isStorableText, MAX_JSON_DEPTH } from './json-flaws';

const nested = (depth: number): unknown => {
  let value: unknown = 'fundo';
  for (let level = 0; level < depth; level++) value = [value];
  return value;
};

describe('json flaws', () => {
  it('accepts any text PostgreSQL can store, emoji (surrogate pairs) and accents included', () => {
    for (const text of ['', 'ação', '😀 pedido', '\uD83D\uDE00', 'tab\tnova\nlinha', '\u0001']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL and lone surrogates wherever they sit in a string', () => {
    for (const text of ['\u0000', 'a\u0000', '\uD800', 'x\uD800y', '\uDC00', 'fim\uDBFF', '\uDE00\uD83D']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the path of the first flaw, in values and in keys', () => {
    expect(findJsonFlaw({ a: { b: ['ok', 'x\u0000'] } })).toEqual({ path: 'a.b.1', reason: 'text' });
    expect(findJsonFlaw({ a: { '\uD800': 1 } })).toEqual({ path: 'a.\uD800', reason: 'text' });
    expect(findJsonFlaw('\u0000')).toEqual({ path: '', reason: 'text' });
    expect(findJsonFlaw({ a: 1, b: [true, null, 2.5], c: 'ação' })).toBeNull();
    expect(findJsonFlaw(undefined)).toBeNull();
  });

  it('allows nesting up to the limit and refuses one level more, without recursion', () => {
    expect(findJsonFlaw(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findJsonFlaw(nested(MAX_JSON_DEPTH + 1))?.reason).toBe('depth');
    expect(findJsonFlaw(nested(100_000))?.reason).toBe('depth');
  });

  it('refuses numbers JSON cannot represent (a text like 1e309 parses to Infinity), naming the path', () => {
    expect(findJsonFlaw({ a: [1, Number.POSITIVE_INFINITY] })).toEqual({ path: 'a.1', reason: 'number' });
    expect(findJsonFlaw(Number.NEGATIVE_INFINITY)).toEqual({ path: '', reason: 'number' });
    expect(findJsonFlaw(JSON.parse('{"n":1e309}'))).toEqual({ path: 'n', reason: 'number' });
    expect(findJsonFlaw({ big: Number.MAX_VALUE, tiny: JSON.parse('1e-400'), negative: -1.5 })).toBeNull();
  });
});
