import { describe, expect, it } from 'vitest';
import { listSchemaPaths } from './list-schema-paths';

describe('listSchemaPaths', () => {
  it('When a schema has nested objects, lists and branches, then every property path is listed in order', () => {
    const schema = {
      type: 'object',
      properties: {
        order: {
          type: 'object',
          properties: { id: { type: 'string' }, total: { type: 'number' } },
        },
        items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
        'nome com espaço': { type: 'string' },
      },
      anyOf: [{ properties: { coupon: { type: 'string' } } }],
    };
    expect(listSchemaPaths(schema)).toEqual([
      'coupon',
      'order',
      'order.id',
      'order.total',
      'items',
      'items[0].sku',
    ]);
    expect(listSchemaPaths(schema, 'data')).toContain('data.order.total');
  });

  it('When the schema is missing or not an object schema, then no path is listed', () => {
    expect(listSchemaPaths(null)).toEqual([]);
    expect(listSchemaPaths({ type: 'string' })).toEqual([]);
  });
});
