import { describe, expect, it } from 'vitest';
import { withPlaceholder } from './with-placeholder';

describe('withPlaceholder', () => {
  it('When there is no caret and the body is an object, then it becomes a new property and stays valid JSON', () => {
    const body = '{\n  "evento": "#eventName#"\n}';
    const next = withPlaceholder(body, '#data#', null);
    expect(JSON.parse(next)).toEqual({ evento: '#eventName#', data: '#data#' });
    expect(JSON.parse(withPlaceholder(next, '#data#', null))).toMatchObject({
      data: '#data#',
      data2: '#data#',
    });
  });

  it('When the caret sits inside empty quotes, then the placeholder goes in bare', () => {
    const body = '{"id": ""}';
    expect(withPlaceholder(body, '#eventId#', { start: 8, end: 8 })).toBe('{"id": "#eventId#"}');
  });

  it('When the caret is after a colon or a selection is made, then a quoted placeholder takes its place', () => {
    expect(withPlaceholder('{"quando": }', '#timestamp#', { start: 11, end: 11 })).toBe(
      '{"quando": "#timestamp#"}',
    );
    expect(withPlaceholder('{"a": 1}', '#data#', { start: 6, end: 7 })).toBe('{"a": "#data#"}');
  });

  it('When the body is not an object and there is no caret, then the placeholder is appended', () => {
    expect(withPlaceholder('', '#data#', null)).toBe('"#data#"');
    expect(withPlaceholder('[1]', '#data#', null)).toBe('[1] "#data#"');
  });

  it("When a schema path's placeholder is added to an object, then its last name is the property", () => {
    expect(withPlaceholder('{}', '{{payload.pedido.total}}', null)).toBe(
      JSON.stringify({ total: '{{payload.pedido.total}}' }, null, 2),
    );
    expect(withPlaceholder('{"sku": 1}', '{{payload.itens[0].sku}}', null)).toBe(
      JSON.stringify({ sku: 1, sku2: '{{payload.itens[0].sku}}' }, null, 2),
    );
  });
});
