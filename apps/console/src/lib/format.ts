import { endOfDay, format, isValid, parseISO, startOfDay } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

function formatWith(pattern: string, value: DateInput, fallback: string) {
  const date = toDate(value);
  return date ? format(date, pattern, { locale: ptBR }) : fallback;
}

/** dd/MM/yyyy HH:mm in local time; `fallback` when absent or invalid. */
export const formatDateTime = (value: DateInput, fallback = '-') =>
  formatWith('dd/MM/yyyy HH:mm', value, fallback);

/** dd/MM/yyyy HH:mm:ss (logs). */
export const formatDateTimeSeconds = (value: DateInput, fallback = '-') =>
  formatWith('dd/MM/yyyy HH:mm:ss', value, fallback);

/** dd/MM/yyyy. */
export const formatDate = (value: DateInput, fallback = '-') => formatWith('dd/MM/yyyy', value, fallback);

/**
 * A day picked in a date input (yyyy-MM-dd) as the instant its first or last millisecond falls on in
 * the browser's time zone, so a filter by day means the user's day and not UTC's; other values pass.
 */
export function localDayBound(day: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = parseISO(day);
  if (!isValid(date)) return day;
  return (edge === 'start' ? startOfDay(date) : endOfDay(date)).toISOString();
}

/**
 * The short form of an id: its last 8 characters. Ids are UUID v7, whose first characters are a
 * timestamp shared by rows created close together; the end is what tells two rows apart.
 */
export const shortId = (id: string | null | undefined, length = 8) => (id ? id.slice(-length) : '');

/** Organization ids are chosen by the sender: up to 16 characters they show whole, longer ones cut at the end. */
export const ORGANIZATION_ID_LENGTH = 16;
export const shortOrganizationId = (id: string | null | undefined) => {
  if (!id) return '';
  return id.length <= ORGANIZATION_ID_LENGTH ? id : `${id.slice(0, ORGANIZATION_ID_LENGTH - 1)}…`;
};

/** An API key shown as its first 12 characters and '...'. */
export const truncateKey = (key: string | null | undefined, length = 12) =>
  key ? `${key.slice(0, length)}...` : '';

/** Pretty JSON for display; strings that hold JSON are parsed first. */
export function formatJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value ?? null, null, 2) ?? 'null';
}
