import { describe, expect, it } from 'vitest';
import { getPath } from '../paths/get-path';
import { buildSamplePayload, type SampleField } from './build-sample-payload';

describe('buildSamplePayload', () => {
  it('When fields have dotted paths, then a nested object holds a value of each type', () => {
    const payload = buildSamplePayload([
      { path: 'data.message.text', type: 'string' },
      { path: 'data.message.count', type: 'number' },
      { path: 'data.active', type: 'boolean' },
      { path: 'data.tags', type: 'array' },
      { path: 'data.meta', type: 'object' },
    ]);
    expect(payload).toEqual({
      data: { message: { text: 'exemplo', count: 123 }, active: true, tags: [], meta: {} },
    });
  });

  it.each([
    ['user.email', 'usuario@exemplo.com'],
    ['user.name', 'Exemplo'],
    ['user.id', 'abc123'],
    ['user.createdAt', '2024-01-01T12:00:00.000Z'],
    ['site.url', 'https://exemplo.com'],
    ['contato.telefone', '+5511999999999'],
    ['texto', 'exemplo'],
  ])('When a string field is %s, then its sample is %j', (path, expected) => {
    expect(getPath(buildSamplePayload([{ path, type: 'string' }]), path).value).toBe(expected);
  });

  it('When a path has array indexes, then arrays are built in both styles', () => {
    const payload = buildSamplePayload([
      { path: 'items[0].sku', type: 'string' },
      { path: 'items.0.price', type: 'number' },
      { path: 'items[1].sku', type: 'string' },
    ]);
    expect(payload).toEqual({ items: [{ sku: 'exemplo', price: 99.9 }, { sku: 'exemplo' }] });
  });

  it('When an index skips positions, then the gaps are null (no holes)', () => {
    expect(buildSamplePayload([{ path: 'list.2', type: 'number' }])).toEqual({ list: [null, null, 123] });
  });

  it('When fields overlap, then containers win so every path stays readable', () => {
    const fields: SampleField[] = [
      { path: 'a', type: 'string' },
      { path: 'a.b', type: 'number' },
      { path: 'c.d', type: 'number' },
      { path: 'c', type: 'string' },
      { path: 'e', type: 'object' },
      { path: 'e.f', type: 'boolean' },
    ];
    const payload = buildSamplePayload(fields);
    expect(payload).toEqual({ a: { b: 123 }, c: { d: 123 }, e: { f: true } });
  });

  it('When a path starts with $., then the marker is dropped', () => {
    expect(buildSamplePayload([{ path: '$.data.x', type: 'boolean' }])).toEqual({ data: { x: true } });
  });

  it('When paths are malformed, dangerous or huge, then they are skipped', () => {
    const payload = buildSamplePayload([
      { path: '', type: 'string' },
      { path: 'a..b', type: 'string' },
      { path: '__proto__.polluted', type: 'string' },
      { path: 'x.constructor.prototype', type: 'string' },
      { path: 'big.100000', type: 'string' },
      { path: 42, type: 'string' } as unknown as SampleField,
      null as unknown as SampleField,
      { path: 'ok', type: 'string' },
    ]);
    expect(payload).toEqual({ ok: 'exemplo' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('When there are no fields, then the payload is empty', () => {
    expect(buildSamplePayload([])).toEqual({});
    expect(buildSamplePayload(null as unknown as SampleField[])).toEqual({});
  });

  it('When the same field list is built twice, then the results are equal and independent', () => {
    const fields: SampleField[] = [{ path: 'a.b', type: 'array' }];
    const first = buildSamplePayload(fields);
    const second = buildSamplePayload(fields);
    expect(first).toEqual(second);
    expect(first.a).not.toBe(second.a);
  });
});
