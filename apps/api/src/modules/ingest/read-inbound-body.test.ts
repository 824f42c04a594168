import { describe, expect, it } from 'vitest';
import { formToObject, readInboundBody } from './read-inbound-body';

const read = (text: string, contentType?: string, query = '') =>
  readInboundBody(Buffer.from(text), contentType, query);

describe('readInboundBody', () => {
  it('When the body is JSON (by type, +json, or untyped text), then it is the data', () => {
    expect(read('{"a":[1]}', 'application/json; charset=utf-8')).toEqual({ isRead: true, data: { a: [1] } });
    expect(read('{"a":1}', 'application/vnd.github+json')).toEqual({ isRead: true, data: { a: 1 } });
    expect(read('[1,2]')).toEqual({ isRead: true, data: [1, 2] });
    expect(read('"texto"', 'text/plain')).toEqual({ isRead: true, data: 'texto' });
  });

  it('When the body is form-encoded, then repeated fields become arrays and __proto__ stays a plain key', () => {
    const data = formToObject('a=1&b=x+y&a=2&__proto__=z');
    expect(data).toEqual({ a: ['1', '2'], b: 'x y', ['__proto__']: 'z' });
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
  });

  it('When the body is empty, then the query string is the data', () => {
    expect(readInboundBody(Buffer.alloc(0), undefined, 'x=1')).toEqual({ isRead: true, data: { x: '1' } });
  });

  it('When the body cannot be data, then why, with 400 or 415', () => {
    expect(read('{', 'application/json')).toMatchObject({ isRead: false, status: 400 });
    expect(read('not json')).toMatchObject({ isRead: false, status: 415 });
    expect(read('<a/>', 'text/xml')).toMatchObject({ isRead: false, status: 415 });
    expect(read('1e999', 'application/json')).toMatchObject({ isRead: false, status: 400 });
    expect(read('a=%00', 'application/x-www-form-urlencoded')).toMatchObject({ isRead: false, status: 400 });
  });
});
