import { format, isValid, parse } from 'date-fns';

/** What people type and read in the console, whatever the browser's locale. */
export const DISPLAY_DATE_FORMAT = 'dd/MM/yyyy';
/** What the API's date filters take. */
export const API_DATE_FORMAT = 'yyyy-MM-dd';

/** 'dd/MM/yyyy' → 'yyyy-MM-dd'; null when the text is not a real date in that form. */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(trimmed)) return null;
  const date = parse(trimmed, DISPLAY_DATE_FORMAT, new Date(2000, 0, 1));
  return isValid(date) ? format(date, API_DATE_FORMAT) : null;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'; '' for an empty or malformed value. */
export function formatDisplayDate(value: string | undefined): string {
  const date = toDate(value);
  return date ? format(date, DISPLAY_DATE_FORMAT) : '';
}

/** 'yyyy-MM-dd' → the local calendar day, or undefined. */
export function toDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = parse(value, API_DATE_FORMAT, new Date(2000, 0, 1));
  return isValid(date) ? date : undefined;
}
