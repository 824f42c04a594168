import { describe, expect, it } from 'vitest';
import { compilePayloadCheck } from './json-schema';

const check = compilePayloadCheck({
  type: 'object',
  required: ['id', 'status'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', minLength: 3, maxLength: 5, pattern: '^p-' },
    status: { enum: ['NOVO', 'PAGO'] },
    total: { type: 'number', minimum: 0, maximum: 100 },
    email: { type: 'string', format: 'email' },
    itens: { type: 'array', minItems: 1 },
    'a/b': { type: 'integer' },
  },
});

describe('pt-BR messages of payload faults', () => {
  it('When a payload breaks the common keywords, then each fault names its path and says why in Portuguese', () => {
    expect(check({ id: 'x', total: 101, email: 'não-é-email', itens: [], 'a/b': 1.5, extra: true })).toEqual(
      expect.arrayContaining([
        { path: '/status', message: 'propriedade obrigatória ausente' },
        { path: '/extra', message: 'propriedade não permitida pelo schema' },
        { path: '/id', message: 'deve ter pelo menos 3 caracteres' },
        { path: '/id', message: 'deve corresponder ao padrão "^p-"' },
        { path: '/total', message: 'deve ser menor ou igual a 100' },
        { path: '/email', message: 'deve estar no formato "email"' },
        { path: '/itens', message: 'deve ter pelo menos 1 item' },
        { path: '/a~1b', message: 'deve ser do tipo número inteiro' },
      ]),
    );
    expect(check({ id: 'p-123456', status: 'X', total: -1 })).toEqual(
      expect.arrayContaining([
        { path: '/id', message: 'deve ter no máximo 5 caracteres' },
        { path: '/status', message: 'deve ser um dos valores permitidos: "NOVO", "PAGO"' },
        { path: '/total', message: 'deve ser maior ou igual a 0' },
      ]),
    );
    expect(check('texto')).toEqual([{ path: '', message: 'deve ser do tipo objeto' }]);
  });
});
