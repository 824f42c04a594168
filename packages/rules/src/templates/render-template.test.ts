import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template';
import type { TemplateContext } from './types';

const context: TemplateContext = {
  eventId: 'evt-123',
  eventName: 'Pedido criado',
  timestamp: '2024-05-01T10:00:00.000Z',
  data: { order: { id: 42, paid: true, items: [{ sku: 'A1' }, { sku: 'B2' }] }, note: null },
  payload: {
    user: { id: 'u-1', name: 'Ana', age: 30, active: false, tags: ['vip'] },
    body: { text: 'olá' },
    list: [10, 20],
    empty: '',
    nothing: null,
  },
};

describe('renderTemplate — whole-string placeholders keep their JSON type', () => {
  it.each([
    ['#eventId#', 'evt-123'],
    ['#eventName#', 'Pedido criado'],
    ['#timestamp#', '2024-05-01T10:00:00.000Z'],
    ['#data#', context.data],
    ['{{payload}}', context.payload],
    ['{{payload.user}}', { id: 'u-1', name: 'Ana', age: 30, active: false, tags: ['vip'] }],
    ['{{payload.user.id}}', 'u-1'],
    ['{{payload.user.age}}', 30],
    ['{{payload.user.active}}', false],
    ['{{payload.user.tags}}', ['vip']],
    ['{{payload.user.tags.0}}', 'vip'],
    ['{{payload.list[1]}}', 20],
    ['{{payload.empty}}', ''],
    ['{{payload.nothing}}', null],
    ['{{ payload.user.id }}', 'u-1'],
    ['{{  payload.user.age\t}}', 30],
    ['{{data}}', context.data],
    ['{{data.order.id}}', 42],
    ['{{data.order.items[1].sku}}', 'B2'],
    ['{{ data.order.paid }}', true],
  ])('When the string is exactly %j, then it renders %j', (template, expected) => {
    expect(renderTemplate(template, context)).toEqual(expected);
  });

  it.each([
    '{{payload.missing}}',
    '{{payload.user.id.deeper}}',
    '{{payload.__proto__}}',
    '{{payload.constructor}}',
    '{{payload.user.constructor.name}}',
    '{{payload.list.length}}',
    '{{data.toString}}',
    '{{data.note}}',
  ])('When the placeholder %j has no value, then it renders null', (template) => {
    expect(renderTemplate(template, context)).toBeNull();
  });

  it('When the whole-string value is an object, then the result is a copy, not the context itself', () => {
    const rendered = renderTemplate('{{payload.user}}', context) as { name: string };
    expect(rendered).not.toBe((context.payload as { user: unknown }).user);
    rendered.name = 'changed';
    expect((context.payload as { user: { name: string } }).user.name).toBe('Ana');
  });
});

describe('renderTemplate — placeholders inside longer strings interpolate as text', () => {
  it.each([
    ['Evento #eventName# (#eventId#)', 'Evento Pedido criado (evt-123)'],
    ['em #timestamp#', 'em 2024-05-01T10:00:00.000Z'],
    ['Olá {{payload.user.name}}, idade {{ payload.user.age }}', 'Olá Ana, idade 30'],
    ['ativo={{payload.user.active}}', 'ativo=false'],
    ['tags={{payload.user.tags}}', 'tags=["vip"]'],
    ['user={{payload.user.id}}/{{data.order.id}}', 'user=u-1/42'],
    ['dados: #data#', `dados: ${JSON.stringify(context.data)}`],
    ['x{{payload.missing}}y', 'xy'],
    ['x{{payload.nothing}}y', 'xy'],
    ['#eventId##eventId#', 'evt-123evt-123'],
    [' #eventId#', ' evt-123'],
    ['#eventId# ', 'evt-123 '],
    ['{{payload.user.id}}{{payload.user.id}}', 'u-1u-1'],
  ])('When the string is %j, then it renders %j', (template, expected) => {
    expect(renderTemplate(template, context)).toBe(expected);
  });
});

describe('renderTemplate — text that is not a placeholder is kept', () => {
  it.each([
    'sem placeholders',
    '',
    '#eventid#',
    '#evento#',
    '# eventId #',
    '#',
    '##',
    '{{}}',
    '{{ }}',
    '{{payloads.a}}',
    '{{payload..a}}',
    '{{payload.}}',
    '{{other.a}}',
    '{{eventId}}',
    '{payload.a}',
    '{{payload.a}',
    '{{payload.a',
    '{{{{',
    '}}{{',
    'price: $1.00 #1',
  ])('When the string is %j, then it is unchanged', (template) => {
    expect(renderTemplate(template, context)).toBe(template);
  });

  it('When braces nest around a placeholder, then the inner placeholder still renders', () => {
    expect(renderTemplate('{{ {{payload.user.id}} }}', context)).toBe('{{ u-1 }}');
  });
});

describe('renderTemplate — structures', () => {
  it('When the template is nested, then every string value renders and keys are untouched', () => {
    const template = {
      '#eventId#': '#eventId#',
      '{{payload.user.id}}': 'key stays',
      event: { name: '#eventName#', at: '#timestamp#' },
      user: '{{payload.user}}',
      lines: ['{{payload.list.0}}', ['#eventId#', { deep: 'id: {{payload.user.id}}' }]],
      count: 3,
      flag: true,
      none: null,
    };
    expect(renderTemplate(template, context)).toEqual({
      '#eventId#': 'evt-123',
      '{{payload.user.id}}': 'key stays',
      event: { name: 'Pedido criado', at: '2024-05-01T10:00:00.000Z' },
      user: { id: 'u-1', name: 'Ana', age: 30, active: false, tags: ['vip'] },
      lines: [10, ['evt-123', { deep: 'id: u-1' }]],
      count: 3,
      flag: true,
      none: null,
    });
  });

  it('When rendering, then the template is not mutated and the result is a fresh value', () => {
    const template = { a: ['#eventId#', { b: '{{payload.user.id}}' }], c: 'plain' };
    const snapshot = structuredClone(template);
    const rendered = renderTemplate(template, context) as typeof template;
    expect(template).toEqual(snapshot);
    expect(rendered).not.toBe(template);
    expect(rendered.a).not.toBe(template.a);
    expect(rendered.a[1]).not.toBe(template.a[1]);
  });

  it.each([
    [42, 42],
    [0, 0],
    [true, true],
    [false, false],
    [null, null],
    [undefined, undefined],
  ])('When the template is the scalar %j, then it passes through', (template, expected) => {
    expect(renderTemplate(template, context)).toBe(expected);
  });

  it('When the default event template {body: {{payload.body}}} is rendered, then body is the payload body', () => {
    expect(renderTemplate({ body: '{{payload.body}}' }, context)).toEqual({ body: { text: 'olá' } });
  });

  it('When the template has an own __proto__ key, then it stays a plain key and no prototype changes', () => {
    const template = JSON.parse('{"__proto__": {"polluted": "#eventId#"}, "a": 1}');
    const rendered = renderTemplate(template, context) as Record<string, unknown>;
    expect(Object.getPrototypeOf(rendered)).toBe(Object.prototype);
    expect(Object.hasOwn(rendered, '__proto__')).toBe(true);
    expect(JSON.stringify(rendered)).toBe('{"__proto__":{"polluted":"evt-123"},"a":1}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('When the payload has an own __proto__ key, then a placeholder still cannot read it', () => {
    const payload = JSON.parse('{"__proto__": {"x": 1}}');
    expect(renderTemplate('{{payload.__proto__.x}}', { ...context, payload })).toBeNull();
  });

  it('When a whole-string placeholder copies data with an own __proto__ key, then it is copied as data', () => {
    const data = JSON.parse('{"__proto__": {"x": 1}}');
    const rendered = renderTemplate('#data#', { ...context, data }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(rendered)).toBe(Object.prototype);
    expect(JSON.stringify(rendered)).toBe('{"__proto__":{"x":1}}');
  });

  it('When the template is deeper than the limit, then the deep part is left as is without throwing', () => {
    let deep: unknown = '#eventId#';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(() => renderTemplate(deep, context)).not.toThrow();
    let shallow: unknown = '#eventId#';
    for (let i = 0; i < 10; i++) shallow = { x: shallow };
    expect(JSON.stringify(renderTemplate(shallow, context))).toContain('evt-123');
  });

  it('When the template has a cycle, then rendering stops at the depth limit', () => {
    const cyclic: Record<string, unknown> = { a: '#eventId#' };
    cyclic.self = cyclic;
    expect(() => renderTemplate(cyclic, context)).not.toThrow();
  });

  it('When interpolating a cyclic or BigInt value, then it renders text without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(renderTemplate('x #data#', { ...context, data: cyclic })).toBe('x ');
    expect(renderTemplate('x #data#', { ...context, data: 10n })).toBe('x 10');
  });

  it('When a template object has a getter, then it is not invoked', () => {
    let calls = 0;
    const template = {
      get trap() {
        calls++;
        return '#eventId#';
      },
      ok: '#eventId#',
    };
    expect(renderTemplate(template, context)).toEqual({ ok: 'evt-123' });
    expect(calls).toBe(0);
  });

  it('When the context is missing or partial, then placeholders render as missing', () => {
    expect(renderTemplate('#eventId#', null as unknown as TemplateContext)).toBeNull();
    expect(renderTemplate('a#eventName#b', {} as TemplateContext)).toBe('ab');
  });

  it('When a huge string has many unmatched openers, then rendering still completes', () => {
    const noisy = `${'{{'.repeat(200_000)}${'#'.repeat(200_000)}`;
    expect(renderTemplate(noisy, context)).toBe(noisy);
  });

  it('When a placeholder contains code-like text, then it is only a (missing) path and nothing runs', () => {
    expect(renderTemplate("{{payload.constructor.constructor('return process')()}}", context)).toBeNull();
    expect(renderTemplate('a {{ data.x; globalThis.hacked = 1 }} b', context)).toBe('a  b');
    expect((globalThis as Record<string, unknown>).hacked).toBeUndefined();
  });
});
