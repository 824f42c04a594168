import { describe, expect, it } from 'vitest';
import { formatDisplayDate, parseDisplayDate } from '../date-input';

describe('dd/MM/yyyy dates', () => {
  it('When a pt-BR date is typed, then the filter gets the ISO day', () => {
    expect(parseDisplayDate('05/03/2026')).toBe('2026-03-05');
    expect(parseDisplayDate(' 31/12/2025 ')).toBe('2025-12-31');
  });

  it.each(['2026-03-05', '5/3/2026', '31/02/2026', '00/01/2026', 'amanhã', ''])(
    'When %j is typed, then it is refused',
    (text) => {
      expect(parseDisplayDate(text)).toBeNull();
    },
  );

  it('When a filter value is shown, then it reads dd/MM/yyyy', () => {
    expect(formatDisplayDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDisplayDate(undefined)).toBe('');
    expect(formatDisplayDate('lixo')).toBe('');
  });
});
