import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTimestamp } from './parse-timestamp';

describe('parseTimestamp', () => {
  it.each([
    ['2024-01-01', Date.UTC(2024, 0, 1)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['2024-01-01T10:20', Date.UTC(2024, 0, 1, 10, 20)],
    ['2024-01-01T10:20:30', Date.UTC(2024, 0, 1, 10, 20, 30)],
    ['2024-01-01 10:20:30.5Z', Date.UTC(2024, 0, 1, 10, 20, 30, 500)],
    ['2024-01-01T10:20:30.123456789Z', Date.UTC(2024, 0, 1, 10, 20, 30, 123)],
    ['2024-01-01T10:00:00-03:00', Date.UTC(2024, 0, 1, 13)],
    ['2024-01-01T10:00:00+0530', Date.UTC(2024, 0, 1, 4, 30)],
    ['2024-01-01T10:00+01', Date.UTC(2024, 0, 1, 9)],
    [' 2024-01-01T00:00:00.000Z ', Date.UTC(2024, 0, 1)],
    ['0050-06-01', -60576249600000],
    [1_700_000_000_000, 1_700_000_000_000],
    ['1700000000000', 1_700_000_000_000],
    [0, 0],
    [-1000, -1000],
  ])('When the value is %j, then it is %d', (value, expected) => {
    expect(parseTimestamp(value)).toBe(expected);
  });

  it.each([
    '2023-02-29',
    '2024-04-31',
    '2024-00-10',
    '2024-01-01T24:00',
    '2024-01-01T10:60',
    '2024-01-01T10:00:00+24:00',
    '2024-1-1',
    '01/01/2024',
    'Mon, 01 Jan 2024 00:00:00 GMT',
    'ontem',
    '',
    '1e400',
    '9e15',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    null,
    undefined,
    {},
    [],
  ])('When the value is %j, then it is not a date', (value) => {
    expect(parseTimestamp(value)).toBeNull();
  });

  it('When no offset is given, then the result is UTC whatever the machine zone', () => {
    expect(new Date(parseTimestamp('2024-07-01T12:00') as number).toISOString()).toBe(
      '2024-07-01T12:00:00.000Z',
    );
  });

  it('When any instant is written in ISO 8601, with or without an offset, then the same instant is read', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-02T00:00:00Z'),
          max: new Date('9999-12-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (date, offsetMinutes) => {
          const time = date.getTime();
          expect(parseTimestamp(date.toISOString())).toBe(time);
          const local = new Date(time + offsetMinutes * 60_000).toISOString().slice(0, 23);
          const sign = offsetMinutes < 0 ? '-' : '+';
          const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
          const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
          expect(parseTimestamp(`${local}${sign}${hours}:${minutes}`)).toBe(time);
          expect(parseTimestamp(`${local}${sign}${hours}${minutes}`)).toBe(time);
        },
      ),
      { numRuns: 500 },
    );
  });
});
