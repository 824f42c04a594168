/**
 * The JSON body with `placeholder` (e.g. '#data#') put in, kept valid where it can be:
 * - at the caret (a selection is replaced): bare inside a string's quotes, else as a quoted value;
 * - without a caret, into a body that is a JSON object, as a new property named after it
 *   ("data": "#data#", "data2" when taken);
 * - else at the end, quoted.
 */
export function withPlaceholder(
  body: string,
  placeholder: string,
  caret: { start: number; end: number } | null,
): string {
  if (caret) {
    const before = body.slice(0, caret.start);
    const after = body.slice(caret.end);
    const isInsideQuotes = before.endsWith('"') && after.startsWith('"');
    return `${before}${isInsideQuotes ? placeholder : `"${placeholder}"`}${after}`;
  }
  const object = parseObject(body);
  if (object) {
    const base = keyOf(placeholder);
    let key = base;
    for (let index = 2; key in object; index++) key = `${base}${index}`;
    return JSON.stringify({ ...object, [key]: placeholder }, null, 2);
  }
  return `${body}${body && !body.endsWith(' ') ? ' ' : ''}"${placeholder}"`;
}

/** The property a placeholder is added under: `#data#` → data, `{{payload.pedido.total}}` → total. */
function keyOf(placeholder: string): string {
  const path = /^\{\{\s*payload\.(.+?)\s*\}\}$/.exec(placeholder)?.[1];
  const name = path ? (path.split('.').pop() ?? '').replace(/\[\d+\]$/, '') : placeholder.replaceAll('#', '');
  return name || 'valor';
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
