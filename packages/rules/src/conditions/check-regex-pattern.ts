import { RE2JS } from 're2js';

/** Longest REGEX pattern a rule may hold, in characters. */
export const MAX_REGEX_LENGTH = 1000;

export type RegexCheck = { ok: true } | { ok: false; reason: string };

/** re2js syntax errors in pt-BR; unknown ones keep the engine's wording. */
const SYNTAX_ERRORS: Readonly<Record<string, string>> = {
  'missing closing )': 'falta fechar um parêntese ")"',
  'unexpected )': 'parêntese ")" sem abertura',
  'missing closing ]': 'falta fechar uma classe "]"',
  'invalid character class': 'classe de caracteres inválida',
  'invalid character class range': 'intervalo de caracteres inválido',
  'invalid escape sequence': 'sequência de escape inválida',
  'invalid named capture': 'grupo nomeado inválido',
  'invalid or unsupported Perl syntax':
    'sintaxe não suportada (lookahead, lookbehind e referências não existem)',
  'invalid nested repetition operator': 'repetição aninhada inválida',
  'invalid repeat count': 'contagem de repetição inválida (máximo 1000)',
  'missing argument to repetition operator': 'repetição sem nada a repetir',
  'trailing backslash at end of expression': 'barra invertida no fim da expressão',
  'expression too large': 'expressão grande demais',
  'expression nests too deeply': 'expressão aninhada demais',
  'invalid UTF-8': 'UTF-8 inválido',
};

/**
 * Whether a REGEX condition value can be saved: a non-blank text of at most 1000 characters that
 * compiles on re2js (linear-time matching: no lookarounds, no backreferences).
 */
export function checkRegexPattern(pattern: string): RegexCheck {
  const compiled = compileRegex(pattern, true);
  return 'regex' in compiled ? { ok: true } : { ok: false, reason: compiled.reason };
}

/** Compiles once for matching; never throws. */
export function compileRegex(
  pattern: unknown,
  caseSensitive: boolean,
): { regex: RE2JS } | { reason: string } {
  if (typeof pattern !== 'string') return { reason: 'A expressão regular deve ser um texto.' };
  if (pattern.trim() === '') return { reason: 'A expressão regular não pode ser vazia.' };
  if (pattern.length > MAX_REGEX_LENGTH) {
    return { reason: `A expressão regular deve ter no máximo ${MAX_REGEX_LENGTH} caracteres.` };
  }
  try {
    return { regex: RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE) };
  } catch (error) {
    return { reason: `Expressão regular inválida: ${describeSyntaxError(error)}.` };
  }
}

function describeSyntaxError(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'erro de sintaxe';
  const { error: code, input } = error as { error?: unknown; input?: unknown };
  if (typeof code !== 'string') return 'erro de sintaxe';
  const text = SYNTAX_ERRORS[code] ?? code;
  return typeof input === 'string' && input !== '' ? `${text} em \`${input.slice(0, 50)}\`` : text;
}
