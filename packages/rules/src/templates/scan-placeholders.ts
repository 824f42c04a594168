import { parsePath } from '../paths/parse-path';
import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from './types';

/** Longest `{{ … }}` body considered a placeholder. */
const MAX_EXPRESSION_LENGTH = 1024;

/** One placeholder occurrence: `text` is exactly as written, [start, end) its position. */
export type PlaceholderToken =
  | { kind: 'fixed'; text: string; start: number; end: number; name: TemplatePlaceholder }
  | { kind: 'path'; text: string; start: number; end: number; root: 'payload' | 'data'; segments: string[] };

/**
 * Finds the placeholders of one string, left to right, without overlaps. A scanner rather than
 * a regex so the work stays linear even for huge strings full of `{{` or `#`.
 */
export function scanPlaceholders(text: string): PlaceholderToken[] {
  const tokens: PlaceholderToken[] = [];
  // Cached positions of the next '}}' and the next '{' after an opener; each only moves forward,
  // so the scan is linear. An expression never contains '{', which rules out nested openers.
  let nextClose = -2;
  let nextBrace = -2;
  let i = 0;
  while (i < text.length) {
    const char = text.charCodeAt(i);
    if (char === 35 /* # */) {
      const name = TEMPLATE_PLACEHOLDERS.find((placeholder) => text.startsWith(placeholder, i));
      if (name) {
        tokens.push({ kind: 'fixed', text: name, start: i, end: i + name.length, name });
        i += name.length;
        continue;
      }
    } else if (char === 123 /* { */ && text.charCodeAt(i + 1) === 123 && nextClose !== -1) {
      if (nextClose < i + 2) nextClose = text.indexOf('}}', i + 2);
      if (nextBrace !== -1 && nextBrace < i + 2) nextBrace = text.indexOf('{', i + 2);
      const isEnclosed = nextClose !== -1 && (nextBrace === -1 || nextBrace > nextClose);
      if (isEnclosed && nextClose - (i + 2) <= MAX_EXPRESSION_LENGTH) {
        const expression = parseExpression(text.slice(i + 2, nextClose));
        if (expression) {
          const end = nextClose + 2;
          tokens.push({ kind: 'path', text: text.slice(i, end), start: i, end, ...expression });
          i = end;
          continue;
        }
      }
    }
    i++;
  }
  return tokens;
}

/** `payload`, `payload.a.b`, `payload[0].a`, ` data.x ` → root and path segments; else null. */
function parseExpression(body: string): { root: 'payload' | 'data'; segments: string[] } | null {
  const expression = body.trim();
  for (const root of ['payload', 'data'] as const) {
    if (!expression.startsWith(root)) continue;
    const rest = expression.slice(root.length);
    if (rest === '') return { root, segments: [] };
    const path = rest.startsWith('.') ? rest.slice(1) : rest.startsWith('[') ? rest : null;
    const segments = path === null ? null : parsePath(path);
    if (segments) return { root, segments };
  }
  return null;
}
