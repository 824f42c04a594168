import { describe, expect, it } from 'vitest';
import { findBreakingChanges } from './find-breaking-changes';

const kinds = (previous: unknown, next: unknown) =>
  findBreakingChanges(previous, next).changes.map((change) => `${change.kind} ${change.path}`);

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('findBreakingChanges', () => {
  it('When the schema is unchanged, then nothing is breaking', () => {
    const schema = object({ id: { type: 'string' } }, { required: ['id'] });
    expect(findBreakingChanges(schema, structuredClone(schema))).toEqual({ breaking: false, changes: [] });
  });

  it('When a property becomes required, then the change is breaking with its path', () => {
    const result = findBreakingChanges(
      object({ id: { type: 'string' } }),
      object({ id: { type: 'string' } }, { required: ['id'] }),
    );
    expect(result.breaking).toBe(true);
    expect(result.changes).toEqual([
      { kind: 'REQUIRED_ADDED', path: 'id', message: 'id: propriedade passou a ser obrigatória' },
    ]);
  });

  it('When a required property becomes optional, then nothing is breaking', () => {
    expect(kinds(object({ id: {} }, { required: ['id'] }), object({ id: {} }))).toEqual([]);
  });

  it('When a nested property becomes required, then its dotted path is given', () => {
    const before = object({ order: object({ total: { type: 'number' } }) });
    const after = object({ order: object({ total: { type: 'number' } }, { required: ['total'] }) });
    expect(kinds(before, after)).toEqual(['REQUIRED_ADDED order.total']);
  });

  it('When a type is narrowed, then it is breaking; when widened, it is not', () => {
    expect(kinds(object({ n: { type: 'number' } }), object({ n: { type: 'integer' } }))).toEqual([
      'TYPE_NARROWED n',
    ]);
    expect(kinds(object({ n: { type: ['string', 'null'] } }), object({ n: { type: 'string' } }))).toEqual([
      'TYPE_NARROWED n',
    ]);
    expect(kinds(object({ n: { type: 'integer' } }), object({ n: { type: 'number' } }))).toEqual([]);
    expect(kinds(object({ n: { type: 'string' } }), object({ n: { type: ['string', 'null'] } }))).toEqual([]);
    expect(kinds(object({ n: { type: 'string' } }), object({ n: {} }))).toEqual([]);
  });

  it('When a type is set where any type was accepted, then it is breaking', () => {
    expect(kinds(object({ n: {} }), object({ n: { type: 'string' } }))).toEqual(['TYPE_NARROWED n']);
    expect(kinds(null, { type: 'object' })).toEqual(['TYPE_NARROWED ']);
  });

  it('When an enum value is removed, then it is breaking; when one is added, it is not', () => {
    const before = object({ s: { enum: ['a', 'b', 'c'] } });
    expect(kinds(before, object({ s: { enum: ['a', 'c'] } }))).toEqual(['ENUM_VALUE_REMOVED s']);
    expect(findBreakingChanges(before, object({ s: { enum: ['a', 'c'] } })).changes[0]?.message).toBe(
      's: valor "b" não é mais aceito',
    );
    expect(kinds(before, object({ s: { enum: ['a', 'b', 'c', 'd'] } }))).toEqual([]);
  });

  it('When an enum or a const is set where there was none, then it is breaking', () => {
    expect(kinds(object({ s: { type: 'string' } }), object({ s: { type: 'string', enum: ['a'] } }))).toEqual([
      'TYPE_NARROWED s',
    ]);
    expect(kinds(object({ s: { enum: ['a', 'b'] } }), object({ s: { const: 'a' } }))).toEqual([
      'ENUM_VALUE_REMOVED s',
    ]);
  });

  it('When a property is removed from a closed object, then it is breaking; from an open one, it is not', () => {
    const before = object({ a: {}, b: {} }, { additionalProperties: false });
    expect(kinds(before, object({ a: {} }, { additionalProperties: false }))).toEqual(['PROPERTY_REMOVED b']);
    expect(kinds(object({ a: {}, b: {} }), object({ a: {} }))).toEqual([]);
  });

  it('When an open object is closed, then it is breaking', () => {
    expect(kinds(object({ a: {} }), object({ a: {} }, { additionalProperties: false }))).toEqual([
      'PROPERTY_REMOVED ',
    ]);
  });

  it('When array items are narrowed, then the path marks the items', () => {
    const before = object({ tags: { type: 'array', items: { type: ['string', 'number'] } } });
    const after = object({ tags: { type: 'array', items: { type: 'string' } } });
    expect(kinds(before, after)).toEqual(['TYPE_NARROWED tags[]']);
  });

  it('When a schema becomes false, then nothing is accepted any more', () => {
    expect(kinds(object({ a: {} }), object({ a: false }))).toEqual(['TYPE_NARROWED a']);
    expect(kinds(false, { type: 'string' })).toEqual([]);
  });

  it('When there was no schema and none is set, then nothing is breaking', () => {
    expect(kinds(null, null)).toEqual([]);
    expect(kinds(null, {})).toEqual([]);
  });

  it('When several changes happen at once, then each is listed', () => {
    const before = object({ a: { type: 'number' }, s: { enum: ['x', 'y'] } });
    const after = object({ a: { type: 'integer' }, s: { enum: ['x'] } }, { required: ['a'] });
    expect(kinds(before, after)).toEqual(['REQUIRED_ADDED a', 'TYPE_NARROWED a', 'ENUM_VALUE_REMOVED s']);
  });

  it('When a schema is deeper than the walk goes, then the walk stops without failing', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    let deepNext: Record<string, unknown> = { type: 'integer' };
    for (let i = 0; i < 100; i++) {
      deep = object({ x: deep });
      deepNext = object({ x: deepNext });
    }
    expect(findBreakingChanges(deep, deepNext).breaking).toBe(false);
  });
});
