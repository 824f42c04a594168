/** Longest path accepted, in characters; longer paths are never found (bounds the work per lookup). */
export const MAX_PATH_LENGTH = 1024;
/** Most segments accepted in one path. */
export const MAX_PATH_SEGMENTS = 64;

/**
 * Splits `a.b.0.c`, `a.b[0].c` or `[0].a` into segments. Returns null for malformed paths
 * (empty, empty segments such as `a..b`, unclosed or non-numeric brackets, too long).
 * Written as a scanner (no regex) so work stays linear in the path length.
 */
export function parsePath(path: unknown): string[] | null {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_PATH_LENGTH) return null;
  const segments: string[] = [];
  let current = '';
  let afterBracket = false;
  let i = 0;
  while (i < path.length) {
    const char = path[i];
    if (char === '.') {
      if (current === '' && !afterBracket) return null;
      if (current !== '') segments.push(current);
      current = '';
      afterBracket = false;
      i++;
      // A dot must be followed by a name.
      if (i >= path.length || path[i] === '.' || path[i] === '[') return null;
    } else if (char === '[') {
      if (current !== '') segments.push(current);
      current = '';
      const close = path.indexOf(']', i + 1);
      if (close === -1) return null;
      const index = path.slice(i + 1, close);
      if (!isDigits(index)) return null;
      segments.push(index);
      afterBracket = true;
      i = close + 1;
    } else {
      if (afterBracket) return null;
      current += char;
      i++;
    }
    if (segments.length > MAX_PATH_SEGMENTS) return null;
  }
  if (current !== '') segments.push(current);
  if (segments.length === 0 || segments.length > MAX_PATH_SEGMENTS) return null;
  return segments;
}

function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
