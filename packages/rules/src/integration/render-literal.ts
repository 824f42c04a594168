import { ownDataEntries } from '../paths/own-property';

/** Deepest nesting rendered; deeper values become null (JSON payloads are far shallower). */
const MAX_DEPTH = 100;
const INDENT = '  ';

export type LiteralDialect = 'javascript' | 'python';

/**
 * A double-quoted string literal valid in both JavaScript and Python 3 with the same value: `\\`,
 * `"`, control characters, U+007F–U+009F, U+2028/U+2029, U+FEFF and lone surrogates are escaped;
 * other characters (accents, emoji) stay readable. `$`, backticks and `'` need nothing in a
 * double-quoted literal of either language.
 */
export function quoteString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const char = text.charAt(i);
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0xfeff
    ) {
      out += unicodeEscape(code);
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(i, i + 2);
        i++;
      } else {
        out += unicodeEscape(code);
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      out += unicodeEscape(code);
    } else {
      out += char;
    }
  }
  return `${out}"`;
}

/**
 * A JSON-like value as a source literal, indented two spaces per level: JavaScript object
 * literals (an own `__proto__` key is written as a computed key so it stays data) or Python
 * dict/list literals (`True`, `False`, `None`). Values JSON cannot hold become null/None.
 */
export function renderLiteral(value: unknown, dialect: LiteralDialect, depth = 0): string {
  const nullText = dialect === 'python' ? 'None' : 'null';
  if (value === null || depth > MAX_DEPTH) return nullText;
  switch (typeof value) {
    case 'string':
      return quoteString(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : nullText;
    case 'boolean':
      if (dialect === 'python') return value ? 'True' : 'False';
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return nullText;
  }
  const pad = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = Array.from(value, (item) => `${pad}${renderLiteral(item, dialect, depth + 1)}`);
    return `[\n${items.join(',\n')},\n${close}]`;
  }
  const entries = ownDataEntries(value);
  if (entries.length === 0) return '{}';
  const items = entries.map(([key, item]) => {
    const quoted = quoteString(key);
    const name = dialect === 'javascript' && key === '__proto__' ? `[${quoted}]` : quoted;
    return `${pad}${name}: ${renderLiteral(item, dialect, depth + 1)}`;
  });
  return `{\n${items.join(',\n')},\n${close}}`;
}

function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}
