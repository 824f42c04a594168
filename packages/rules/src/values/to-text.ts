/** JSON.stringify that never throws (cycles, BigInt, throwing toJSON) and never returns undefined. */
export function safeJsonStringify(value: unknown): string {
  try {
    const json = JSON.stringify(value, (_key, inner) =>
      typeof inner === 'bigint' ? inner.toString() : inner,
    );
    return json ?? '';
  } catch {
    return '';
  }
}

/**
 * The string form used to compare values: strings as they are, numbers and booleans via String()
 * ('true'/'false'), null as 'null', objects and arrays as JSON.
 */
export function toComparableText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'null';
  if (value === undefined) return '';
  if (typeof value === 'object') return safeJsonStringify(value);
  if (typeof value === 'symbol' || typeof value === 'function') return '';
  return String(value);
}

/** Text shown inside pt-BR reasons: quoted and cut so a huge value cannot flood a log line. */
export function describeValue(value: unknown, maxLength = 100): string {
  const text =
    typeof value === 'string' ? JSON.stringify(truncate(value, maxLength)) : toComparableText(value);
  return typeof value === 'string' ? text : truncate(text, maxLength);
}

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a reason says of a value received (the data of an emit): its type, with a text's length, a
 * list's items or an object's keys, never the value itself; reasons are kept with event logs and
 * shown to every member of the application.
 */
export function describeReceived(value: unknown): string {
  if (typeof value === 'string') return `texto, ${countOf(value.length, 'caractere', 'caracteres')}`;
  if (typeof value === 'number') return 'número';
  if (typeof value === 'boolean') return 'booleano';
  if (Array.isArray(value)) return `lista, ${countOf(value.length, 'item', 'itens')}`;
  if (typeof value === 'object' && value !== null) {
    return `objeto, ${countOf(Object.keys(value).length, 'chave', 'chaves')}`;
  }
  return 'valor';
}

export function truncate(text: string, maxLength: number): string {
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
