import { describe, expect, it } from 'vitest';
import { inferSchema } from './infer-schema';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

describe('inferSchema', () => {
  it('When an object is pasted, then each property is required with its type', () => {
    expect(inferSchema({ id: 'o-1', total: 10.5, qty: 2, paid: true, note: null })).toEqual({
      $schema: DIALECT,
      type: 'object',
      properties: {
        id: { type: 'string' },
        total: { type: 'number' },
        qty: { type: 'integer' },
        paid: { type: 'boolean' },
        note: { type: 'null' },
      },
      required: ['id', 'total', 'qty', 'paid', 'note'],
    });
  });

  it('When objects nest, then the nested schema is described too', () => {
    expect(inferSchema({ customer: { email: 'a@b.c' } })).toMatchObject({
      properties: {
        customer: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
      },
    });
  });

  it('When an array holds one shape, then items is that shape; an empty one has no items', () => {
    expect(inferSchema({ tags: ['a', 'b'], none: [] }).properties).toEqual({
      tags: { type: 'array', items: { type: 'string' } },
      none: { type: 'array' },
    });
  });

  it('When an array mixes plain types, then items lists them; integers among numbers are numbers', () => {
    expect(inferSchema(['a', 1, null])).toMatchObject({
      type: 'array',
      items: { type: ['string', 'integer', 'null'] },
    });
    expect(inferSchema([1, 2.5])).toMatchObject({ items: { type: 'number' } });
  });

  it('When an array mixes objects of different shapes, then items is anyOf those shapes', () => {
    expect(inferSchema([{ a: 1 }, { b: 'x' }])).toMatchObject({
      items: {
        anyOf: [
          { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] },
        ],
      },
    });
  });

  it('When a value is very deep, then the walk stops with an open schema', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i++) deep = { x: deep };
    expect(() => inferSchema(deep)).not.toThrow();
  });

  it('When a scalar is pasted, then its type is the schema', () => {
    expect(inferSchema('texto')).toEqual({ $schema: DIALECT, type: 'string' });
  });
});
