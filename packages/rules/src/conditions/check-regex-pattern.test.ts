import { describe, expect, it } from 'vitest';
import { checkRegexPattern } from './check-regex-pattern';

describe('checkRegexPattern', () => {
  it.each(['^PED-\\d{4}$', '(a+)+$', '[a-z]+@[a-z]+\\.com', '(?i)abc', '\\p{Greek}+', 'a'.repeat(1000)])(
    'When the pattern is %j, then it can be saved',
    (pattern) => {
      expect(checkRegexPattern(pattern)).toEqual({ ok: true });
    },
  );

  it.each([
    ['(a', 'Expressão regular inválida: falta fechar um parêntese ")" em `(a`.'],
    ['a)', 'Expressão regular inválida: parêntese ")" sem abertura em `a)`.'],
    ['[z-a]', 'Expressão regular inválida: intervalo de caracteres inválido em `z-a`.'],
    ['a**', 'Expressão regular inválida: repetição aninhada inválida em `**`.'],
    [
      '(?=a)',
      'Expressão regular inválida: sintaxe não suportada (lookahead, lookbehind e referências não existem) em `(?=`.',
    ],
    ['(a)\\1', 'Expressão regular inválida: sequência de escape inválida em `\\1`.'],
    ['a{1001}', 'Expressão regular inválida: contagem de repetição inválida (máximo 1000) em `{1001}`.'],
    ['a'.repeat(1001), 'A expressão regular deve ter no máximo 1000 caracteres.'],
    ['', 'A expressão regular não pode ser vazia.'],
    ['   ', 'A expressão regular não pode ser vazia.'],
  ])('When the pattern is %j, then it is refused with %j', (pattern, reason) => {
    expect(checkRegexPattern(pattern)).toEqual({ ok: false, reason });
  });

  it('When the pattern is not a string, then it is refused without throwing', () => {
    for (const pattern of [null, undefined, 42, {}, ['a']]) {
      expect(checkRegexPattern(pattern as never)).toEqual({
        ok: false,
        reason: 'A expressão regular deve ser um texto.',
      });
    }
  });
});
