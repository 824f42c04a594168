import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanPlaceholders } from './scan-placeholders';

describe('scanPlaceholders', () => {
  it('When a string mixes placeholders, then each is found with its position and path', () => {
    const text = 'a #eventId# b {{ payload.user[0].id }} c {{data}}';
    expect(scanPlaceholders(text)).toEqual([
      { kind: 'fixed', text: '#eventId#', start: 2, end: 11, name: '#eventId#' },
      {
        kind: 'path',
        text: '{{ payload.user[0].id }}',
        start: 14,
        end: 38,
        root: 'payload',
        segments: ['user', '0', 'id'],
      },
      { kind: 'path', text: '{{data}}', start: 41, end: 49, root: 'data', segments: [] },
    ]);
  });

  it.each([
    ['{{payload.a{b}}', 0],
    ['{{ {{payload.a}} }}', 1],
    ['{{payload.a}}}', 1],
    ['{{{payload.a}}', 1],
    ['#eventId#eventName#', 1],
    ['#eventName##data#', 2],
    [`{{payload.${'a'.repeat(2000)}}}`, 0],
  ])('When the text is %j, then %i placeholder(s) are found', (text, count) => {
    expect(scanPlaceholders(text)).toHaveLength(count);
  });

  it('When arbitrary text is scanned, then tokens are ordered, disjoint and match the text', () => {
    const pieces = fc.constantFrom(
      '{{',
      '}}',
      '{',
      '}',
      '#',
      '#eventId#',
      '#data#',
      'payload',
      'data',
      '.',
      ' ',
      'a',
      '[0]',
    );
    const textArb = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(textArb, (text) => {
        let cursor = 0;
        for (const token of scanPlaceholders(text)) {
          expect(token.start).toBeGreaterThanOrEqual(cursor);
          expect(text.slice(token.start, token.end)).toBe(token.text);
          cursor = token.end;
        }
      }),
    );
  });
});
