import { describe, expect, it } from 'vitest';
import { getPath } from './get-path';
import { parsePath } from './parse-path';

const body = {
  user: { id: 7, name: 'Ana', tags: ['vip', 'beta'], address: null, empty: '' },
  items: [{ id: 'a1', qty: 2 }, { id: 'a2', qty: 0 }, [10, 20]],
  'with space': 1,
  '0': 'zero key',
  flag: false,
  nothing: undefined,
};

describe('getPath', () => {
  it.each([
    ['user.id', 7],
    ['user.name', 'Ana'],
    ['user.tags.1', 'beta'],
    ['user.tags[0]', 'vip'],
    ['items.0.id', 'a1'],
    ['items[0].id', 'a1'],
    ['items[1].qty', 0],
    ['items.2.1', 20],
    ['items[2][1]', 20],
    ['items[2].0', 10],
    ['user.address', null],
    ['user.empty', ''],
    ['with space', 1],
    ['0', 'zero key'],
    ['[0]', 'zero key'],
    ['flag', false],
  ])('When the path is %s, then it finds %j', (path, expected) => {
    expect(getPath(body, path)).toEqual({ found: true, value: expected });
  });

  it('When a property holds undefined, then it is found with undefined', () => {
    expect(getPath(body, 'nothing')).toEqual({ found: true, value: undefined });
  });

  it.each([
    '',
    'missing',
    'user.missing',
    'user.id.deeper',
    'user.name.length',
    'user.tags.length',
    'user.tags.2',
    'user.tags.-1',
    'user.tags.01',
    'user.tags.1.0',
    'items[9].id',
    'items[a]',
    'items[0',
    'items[]',
    'items[0]id',
    'items..0',
    '.user',
    'user.',
    'user..id',
    'user.address.city',
    'toString',
    'hasOwnProperty',
    '__proto__',
    'constructor',
    'prototype',
    'user.__proto__',
    'user.constructor',
    'user.constructor.name',
    'items.constructor',
    'items.0.__proto__.toString',
  ])('When the path is %j, then it is not found', (path) => {
    expect(getPath(body, path)).toEqual({ found: false, value: undefined });
  });

  it('When JSON carries an own __proto__ key, then it is still never found', () => {
    const parsed = JSON.parse('{"__proto__": {"admin": true}, "a": {"constructor": 1, "prototype": 2}}');
    expect(getPath(parsed, '__proto__.admin').found).toBe(false);
    expect(getPath(parsed, '__proto__').found).toBe(false);
    expect(getPath(parsed, 'a.constructor').found).toBe(false);
    expect(getPath(parsed, 'a.prototype').found).toBe(false);
  });

  it('When the root is an array, then a leading index works in both styles', () => {
    const list = [{ id: 1 }, { id: 2 }];
    expect(getPath(list, '1.id')).toEqual({ found: true, value: 2 });
    expect(getPath(list, '[1].id')).toEqual({ found: true, value: 2 });
  });

  it.each([
    [null, 'a'],
    [undefined, 'a'],
    [42, 'a'],
    ['text', '0'],
    ['text', 'length'],
    [true, 'a'],
  ])('When the root is the scalar %j, then nothing is found', (root, path) => {
    expect(getPath(root, path).found).toBe(false);
  });

  it('When a property is a getter, then it is not invoked and not found', () => {
    let calls = 0;
    const withGetter = {
      get secret() {
        calls++;
        return 'x';
      },
    };
    expect(getPath(withGetter, 'secret').found).toBe(false);
    expect(calls).toBe(0);
  });

  it('When a value is inherited, then it is not found', () => {
    const child = Object.create({ inherited: 1 });
    expect(getPath(child, 'inherited').found).toBe(false);
  });

  it('When the path is not a string or absurdly long, then it is not found and nothing throws', () => {
    expect(getPath(body, 42 as unknown as string).found).toBe(false);
    expect(getPath(body, null as unknown as string).found).toBe(false);
    expect(getPath(body, `user${'.x'.repeat(5000)}`).found).toBe(false);
    expect(getPath(body, 'a'.repeat(1_000_000)).found).toBe(false);
  });

  it('When a proxy throws on inspection, then the path is not found', () => {
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor() {
          throw new Error('boom');
        },
      },
    );
    expect(getPath({ hostile }, 'hostile.x').found).toBe(false);
  });
});

describe('parsePath', () => {
  it.each([
    ['a', ['a']],
    ['a.b.c', ['a', 'b', 'c']],
    ['a[0].b', ['a', '0', 'b']],
    ['a[0][12]', ['a', '0', '12']],
    ['[3]', ['3']],
    ['a.0', ['a', '0']],
    ['a b.c-d', ['a b', 'c-d']],
  ])('When the path is %j, then the segments are %j', (path, segments) => {
    expect(parsePath(path)).toEqual(segments);
  });

  it.each(['', '.', 'a.', '.a', 'a..b', 'a[', 'a[]', 'a[x]', 'a[0]b', 'a.[0]', 'a[-1]'])(
    'When the path is %j, then it is malformed',
    (path) => {
      expect(parsePath(path)).toBeNull();
    },
  );
});
