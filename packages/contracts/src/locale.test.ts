import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './locale';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('pt-BR messages of schemas without their own', () => {
  it('When a field is missing or of the wrong type, then the message says so in pt-BR', () => {
    expect(firstMessage(z.object({ nome: z.string() }), {})).toBe('Campo obrigatório');
    expect(firstMessage(z.boolean(), 'sim')).toBe(
      'Valor inválido: esperado um booleano (true ou false), recebido um texto',
    );
    expect(firstMessage(z.number(), null)).toBe('Valor inválido: esperado um número, recebido nulo');
    expect(firstMessage(z.array(z.string()), {})).toBe(
      'Valor inválido: esperado uma lista, recebido um objeto',
    );
  });

  it('When a size or a bound is off, then it reads as Brazilian Portuguese with the limit', () => {
    expect(firstMessage(z.string().min(3), 'ab')).toBe('Muito curto: deve ter no mínimo 3 caracteres');
    expect(firstMessage(z.string().max(2), 'abc')).toBe('Muito longo: deve ter no máximo 2 caracteres');
    expect(firstMessage(z.array(z.number()).max(1), [1, 2])).toBe('Muito longo: deve ter no máximo 1 itens');
    expect(firstMessage(z.number().gt(5), 5)).toBe('Valor muito pequeno: deve ser mais que 5');
    expect(firstMessage(z.number().max(10), 11)).toBe('Valor muito grande: deve ser no máximo 10');
  });

  it('When a value is not one of the options or a key is unknown, then the options or keys are named', () => {
    expect(firstMessage(z.enum(['GET', 'POST']), 'PUT')).toBe(
      'Opção inválida: use uma destas: "GET", "POST"',
    );
    expect(firstMessage(z.literal('x'), 'y')).toBe('Valor inválido: esperado "x"');
    expect(firstMessage(z.strictObject({ a: z.number() }), { a: 1, b: 2, c: 3 })).toBe(
      'Campos não reconhecidos: b, c',
    );
    expect(firstMessage(z.email(), 'nope')).toBe('Formato inválido');
  });

  it('When a schema sets its own message, then that message wins', () => {
    expect(firstMessage(z.string({ error: 'Nome é obrigatório' }), undefined)).toBe('Nome é obrigatório');
  });
});
