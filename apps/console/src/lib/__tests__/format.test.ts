import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatJson,
  localDayBound,
  shortId,
  shortOrganizationId,
  truncateKey,
} from '../format';

// Local time: built with the Date constructor so the test holds in any time zone.
const moment = new Date(2026, 2, 5, 9, 7, 3);

describe('format', () => {
  it('When a date is formatted, then it reads dd/MM/yyyy HH:mm, with seconds, or the day only', () => {
    expect(formatDateTime(moment)).toBe('05/03/2026 09:07');
    expect(formatDateTimeSeconds(moment)).toBe('05/03/2026 09:07:03');
    expect(formatDate(moment)).toBe('05/03/2026');
    expect(formatDateTime(moment.toISOString())).toBe('05/03/2026 09:07');
  });

  it('When the date is missing or invalid, then the fallback is shown', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTimeSeconds(undefined, 'Não processado')).toBe('Não processado');
    expect(formatDate('not a date')).toBe('-');
  });

  it('When ids and keys are shortened, then ids keep their last 8 characters and keys 12 plus "..."', () => {
    expect(shortId('0193f1d2-aaaa-bbbb-cccc-ddddeeeeffff')).toBe('eeeeffff');
    // Two UUID v7 made in the same millisecond share the start: their short forms must differ.
    expect(shortId('0193f1d2-aaaa-7000-8000-000000000001')).not.toBe(
      shortId('0193f1d2-aaaa-7000-8000-000000000002'),
    );
    expect(shortId(undefined)).toBe('');
    expect(truncateKey('wm_live_abcdefghijklmnop')).toBe('wm_live_abcd...');
  });

  it('When an organization id is shown, then up to 16 characters it is whole and longer ones are cut at the end', () => {
    expect(shortOrganizationId('org-acme-0002')).toBe('org-acme-0002');
    expect(shortOrganizationId('1234567890123456')).toBe('1234567890123456');
    expect(shortOrganizationId('organization-of-acme-brasil')).toBe('organization-of…');
    expect(shortOrganizationId(undefined)).toBe('');
  });

  it('When JSON is formatted, then objects and JSON strings are pretty-printed and other text kept', () => {
    expect(formatJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatJson('{"b":[1]}')).toBe('{\n  "b": [\n    1\n  ]\n}');
    expect(formatJson('texto')).toBe('texto');
  });

  it('When a day filter is sent, then it covers the whole day in the browser time zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Sao_Paulo';
    try {
      expect(localDayBound('2026-03-05', 'start')).toBe('2026-03-05T03:00:00.000Z');
      expect(localDayBound('2026-03-05', 'end')).toBe('2026-03-06T02:59:59.999Z');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(localDayBound(undefined, 'start')).toBeUndefined();
    expect(localDayBound('2026-03-05T10:00:00Z', 'end')).toBe('2026-03-05T10:00:00Z');
  });
});
