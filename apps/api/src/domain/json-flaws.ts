/** Deeper than this, a request's JSON is refused: serialising it again would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `JSON aninhado demais (máximo de ${MAX_JSON_DEPTH} níveis)`;

export const NUMBER_TOO_LARGE = 'Número grande demais para JSON (fora do intervalo representável)';

export const UNSUPPORTED_TEXT_MESSAGE =
  'O texto contém caracteres não suportados (\\u0000 ou um caractere UTF-16 incompleto)';

export type JsonFlaw = { path: string; reason: 'text' | 'depth' | 'number' };

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL and lone surrogates cannot be stored by PostgreSQL (text or jsonb), nor signed faithfully. */
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The first part of a parsed JSON value the service cannot take: a string or key it cannot store,
 * a number JSON cannot represent (a text like 1e309 parses to Infinity, which would be stored and
 * sent as null), or nesting deeper than MAX_JSON_DEPTH. Iterative, so a hostile depth cannot overflow it either.
 */
export function findJsonFlaw(value: unknown): JsonFlaw | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof current === 'string') {
      if (!isStorableText(current)) return { path, reason: 'text' };
      continue;
    }
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { path, reason: 'number' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { path, reason: 'depth' };
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { path: childPath, reason: 'text' };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

const FLAW_MESSAGES: Record<JsonFlaw['reason'], string> = {
  text: UNSUPPORTED_TEXT_MESSAGE,
  depth: TOO_DEEP_MESSAGE,
  number: NUMBER_TOO_LARGE,
};

/** What a flaw is, in pt-BR. */
export const describeJsonFlaw = (flaw: JsonFlaw): string => FLAW_MESSAGES[flaw.reason];
