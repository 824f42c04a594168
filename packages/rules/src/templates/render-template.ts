import { getSegments } from '../paths/get-path';
import { isPlainObject, ownDataEntries, readOwnProperty, setOwnProperty } from '../paths/own-property';
import { safeJsonStringify } from '../values/to-text';
import { type PlaceholderToken, scanPlaceholders } from './scan-placeholders';
import type { TemplateContext } from './types';

/** Nesting levels walked; deeper parts of a template (or of a copied value) are left as they are. */
export const MAX_TEMPLATE_DEPTH = 64;

/**
 * Renders a body template: its placeholders are replaced from the context. Strings, arrays and
 * plain objects are walked; object keys and non-string scalars are kept. A string that is exactly one placeholder becomes the
 * value with its JSON type (missing → null); placeholders inside a longer string are
 * interpolated as text (see `toInterpolatedText`). Returns a fresh value; the template and the
 * context are never mutated, and nothing is executed.
 */
export function renderTemplate(template: unknown, context: TemplateContext): unknown {
  return renderNode(template, context, 0);
}

function renderNode(node: unknown, context: TemplateContext, depth: number): unknown {
  if (typeof node === 'string') return renderString(node, context);
  if (depth >= MAX_TEMPLATE_DEPTH) return node;
  if (Array.isArray(node)) {
    const items: unknown[] = [];
    for (let i = 0; i < node.length; i++)
      items.push(renderNode(readOwnProperty(node, String(i)).value, context, depth + 1));
    return items;
  }
  if (isPlainObject(node)) {
    const rendered: Record<string, unknown> = {};
    for (const [key, value] of ownDataEntries(node))
      setOwnProperty(rendered, key, renderNode(value, context, depth + 1));
    return rendered;
  }
  return node;
}

function renderString(text: string, context: TemplateContext): unknown {
  const tokens = scanPlaceholders(text);
  const [first] = tokens;
  if (first === undefined) return text;
  if (tokens.length === 1 && first.start === 0 && first.end === text.length) {
    const resolved = resolveToken(first, context);
    return resolved === undefined ? null : copyValue(resolved, 0);
  }
  const parts: string[] = [];
  let cursor = 0;
  for (const token of tokens) {
    parts.push(text.slice(cursor, token.start), toInterpolatedText(resolveToken(token, context)));
    cursor = token.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}

/** The context value a placeholder names; undefined when missing. */
function resolveToken(token: PlaceholderToken, context: TemplateContext): unknown {
  if (token.kind === 'fixed') return readOwnProperty(context, token.name.slice(1, -1)).value;
  const root = readOwnProperty(context, token.root);
  if (!root.found) return undefined;
  return getSegments(root.value, token.segments).value;
}

/**
 * Text form inside a longer string. Chosen so the result reads well in a message:
 * strings as they are, numbers/booleans via String(), objects/arrays as compact JSON,
 * and null or missing values as '' (rather than the word "null"). The whole-string case keeps
 * DESIGN's rule that a missing value is null.
 */
export function toInterpolatedText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (typeof value === 'object') return safeJsonStringify(value);
  return '';
}

/** Deep copy of JSON-like data so the output never aliases the context. */
function copyValue(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth >= MAX_TEMPLATE_DEPTH) return value;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (let i = 0; i < value.length; i++)
      items.push(copyValue(readOwnProperty(value, String(i)).value, depth + 1));
    return items;
  }
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of ownDataEntries(value)) setOwnProperty(copy, key, copyValue(inner, depth + 1));
  return copy;
}
